// Configuración › Webhook: the endpoint (register with its secret shown once, change the URL, deactivate, roll the
// secret with the new one shown once), and the log of deliveries with every attempt, where a failed one can be sent
// again.
import type { AttemptView, DeliveryView } from '../../../../webhooks/application/ports/delivery-log.port.js';
import type { WebhookEndpointView } from '../../../../webhooks/application/ports/webhook-endpoints.port.js';
import type { DeliveryEstado } from '../../../../webhooks/domain/delivery.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { actorLabel, count, counted, dateTime, endSentence, type Authors } from './format.js';
import { copyField, errorSummary, field, okNotice, problemNotice, type FieldErrors } from './forms.js';
import { html, type Html } from './html.js';
import { csrfField } from './layout.js';
import { settingsPage } from './settings.views.js';

export const DELIVERY_LABEL: Record<DeliveryEstado, string> = {
  pendiente: 'Pendiente',
  entregada: 'Entregada',
  fallida: 'Fallida',
  sin_endpoint: 'Sin endpoint',
};

const DELIVERY_BADGE: Record<DeliveryEstado, string> = { pendiente: 'warn', entregada: 'ok', fallida: 'bad', sin_endpoint: 'gray' };

const LIST = new Intl.ListFormat('es', { type: 'conjunction' });

/** One wait as the shop reads it: "25 segundos", "10 minutos", "1 hora". */
function wait(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return counted(seconds / 3600, 'hora', 'horas');
  if (seconds >= 60 && seconds % 60 === 0) return counted(seconds / 60, 'minuto', 'minutos');
  return counted(seconds, 'segundo', 'segundos');
}

/** The dispatcher's waits (WEBHOOK_RETRY_DELAYS, 1, 5 and 25 s by default) in words: "1, 5 y 25 segundos". */
export function retryWaits(delays: readonly number[]): string {
  if (delays.every((d) => d < 60)) return `${LIST.format(delays.map(count))} ${delays.length === 1 && delays[0] === 1 ? 'segundo' : 'segundos'}`;
  return LIST.format(delays.map(wait));
}

/**
 * What the spec's rules mean for the shop, once, above the form: the retries this gateway really makes (its
 * configured delays, not the defaults) and that a notice whose retries all failed is not tried again by itself.
 */
const rules = (delays: readonly number[], admin: boolean): Html => html`<p class="hint">Enviamos <span class="mono">payment.completed</span> y <span class="mono">payment.failed</span> a esta
dirección, firmados con tu secreto en <span class="mono">svc-signature</span>. Si no responde 2xx, lo reintentamos ${counted(delays.length, 'vez', 'veces')},
tras esperar ${retryWaits(delays)}. Si tampoco entonces responde 2xx, el aviso queda como "Fallida" y no lo intentamos más:
${admin ? 'puedes reenviarlo' : 'un administrador puede reenviarlo'} desde "Avisos enviados".</p>`;

/** What a re-send did, on the page it came back to (the webhook page or the charge's): `?hecho=` of its redirect. */
export const RESEND_DONE: Record<string, string> = {
  reenviada: 'Reenviamos el aviso: su primer intento sale ya.',
  en_curso: 'Ese aviso se está intentando ahora: podrás reenviarlo cuando termine.',
};

/** A re-send that could not go out, by its redirect's `?problema=`. */
export const RESEND_PROBLEM: Record<string, string> = {
  sin_endpoint:
    'No salió: no hay un endpoint activo, así que el aviso sigue como "Sin endpoint". Registra o activa el endpoint en Configuración › Webhook y reenvíalo entonces.',
};

export const deliveryBadge = (estado: DeliveryEstado): Html => html`<span class="badge ${DELIVERY_BADGE[estado]}">${DELIVERY_LABEL[estado]}</span>`;

/** The dispatcher's reasons (the operator's English words, docs/decisions.md) as the shop reads them; one it does not
 * know is shown as it is. */
const REASONS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^connection refused$/, () => 'tu servidor rechazó la conexión'],
  [/^connection reset$/, () => 'la conexión se cortó'],
  [/^host not found$/, () => 'el nombre del servidor no existe'],
  [/^host unreachable$/, () => 'no hay ruta hasta el servidor'],
  [/^connection timed out$/, () => 'la conexión no se estableció a tiempo'],
  [/^no answer within (\S+) s$/, (m) => `no respondió en ${m[1]!.replace('.', ',')} segundos`],
  [/^destination refused: (.*)$/s, (m) => `no enviamos a esa dirección (${m[1]})`],
  [/^TLS: (.*)$/s, (m) => `falló la conexión segura (${m[1]})`],
  [/^the signing secret could not be decrypted/, () => 'no pudimos firmarlo: cambia el secreto de firma o escríbenos'],
];

function attemptResult(attempt: AttemptView): string {
  if (attempt.codigoEstado !== null) {
    const redirect = attempt.codigoEstado >= 300 && attempt.codigoEstado < 400;
    return redirect ? `HTTP ${attempt.codigoEstado}: no seguimos redirecciones` : `HTTP ${attempt.codigoEstado}`;
  }
  if (!attempt.error) return 'Sin respuesta';
  for (const [pattern, spanish] of REASONS) {
    const match = pattern.exec(attempt.error);
    if (match) return `Sin respuesta: ${spanish(match)}`;
  }
  return `Sin respuesta: ${attempt.error}`;
}

function attempts(delivery: DeliveryView): Html {
  if (delivery.intentos.length === 0) return html`<p class="hint">Aún sin intentos.</p>`;
  return html`<ol class="attempts">${delivery.intentos.map(
    (a) => html`<li><strong>${attemptResult(a)}</strong> · ${dateTime(a.enviadoEn)} · ${a.latenciaMs} ms<br><span class="mono">${a.url}</span></li>`,
  )}</ol>`;
}

export function resendForm(session: PortalSession, delivery: DeliveryView, back: string): Html | '' {
  if (session.principal.role !== 'administrador' || delivery.estado === 'pendiente') return '';
  return html`<form method="post" action="/portal/configuracion/webhook/entregas/${delivery.id}/reenviar" class="inline">
    ${csrfField(session.csrf)}<input type="hidden" name="volver" value="${back}">
    <button type="submit" class="secondary">Reenviar<span class="visually-hidden"> la notificación ${delivery.tipo} del ${dateTime(delivery.creadaEn)}</span></button>
  </form>`;
}

/**
 * When a pending notice is tried next: without it a notice waiting out a long WEBHOOK_RETRY_DELAYS looked stuck, with
 * no "Reenviar" (a pending one cannot be re-sent) and no word of when it goes. A past time means it is due now.
 */
function nextAttempt(delivery: DeliveryView): Html | '' {
  if (delivery.estado !== 'pendiente') return '';
  return delivery.proximoIntentoEn
    ? html`<br><span class="hint">Próximo intento: ${dateTime(delivery.proximoIntentoEn)}</span>`
    : html`<br><span class="hint">Enviándolo ahora</span>`;
}

/** The deliveries as a table, each with its attempts; used on the webhook page and on a charge's page. */
export function deliveriesTable(session: PortalSession, deliveries: DeliveryView[], back: string, withCharge: boolean): Html {
  return html`<div class="table-wrap"><table class="responsive">
  <caption class="visually-hidden">Avisos a tu webhook</caption>
  <thead><tr><th scope="col">Evento</th>${withCharge ? html`<th scope="col">Pago</th>` : ''}<th scope="col">Estado</th><th scope="col">Intentos</th><th scope="col"><span class="visually-hidden">Acciones</span></th></tr></thead>
  <tbody>${deliveries.map(
    (d) => html`<tr>
    <td data-label="Evento"><div><span class="mono nowrap">${d.tipo}</span><br><span class="hint">${dateTime(d.creadaEn)}</span></div></td>
    ${withCharge ? html`<td data-label="Pago"><a href="/portal/pagos/${d.pagoId}">Ver pago</a></td>` : ''}
    <td data-label="Estado"><div>${deliveryBadge(d.estado)}${nextAttempt(d)}${
      d.reenviadaEn ? html`<br><span class="hint">Reenviada ${dateTime(d.reenviadaEn)}</span>` : ''
    }</div></td>
    <td data-label="Intentos" class="wide"><details><summary>${counted(d.intentos.length, 'intento', 'intentos')}</summary>${attempts(d)}</details></td>
    <td data-label="">${resendForm(session, d, back)}</td>
  </tr>`,
  )}</tbody>
</table></div>`;
}

export interface WebhookPageModel {
  endpoint: WebhookEndpointView | null;
  authors: Authors;
  deliveries: DeliveryView[];
  /** The cursor of the older deliveries' page; null on the last page. */
  next: string | null;
  /** This page's cursor as sent (null: the newest page): a re-send comes back to this page. */
  cursor: string | null;
  estado: DeliveryEstado | '';
  url: string;
  errors: FieldErrors;
  done?: string;
  problem?: string;
  /** The dispatcher's retry delays in seconds (WEBHOOK_RETRY_DELAYS), for the rules above the form. */
  retryDelays: readonly number[];
}

function endpointSection(session: PortalSession, model: WebhookPageModel): Html {
  const admin = session.principal.role === 'administrador';
  const { endpoint } = model;
  if (!endpoint) {
    return html`<section class="card" aria-labelledby="endpoint">
  <h2 id="endpoint">Endpoint de webhooks</h2>
  ${rules(model.retryDelays, admin)}
  <p class="notice warn">Aún no hay endpoint: tu tienda no recibe avisos de pago. Consulta cada pago con <span class="mono">GET /v1/pagos/{id}</span> mientras tanto.</p>
  ${
    admin
      ? html`${errorSummary(model.errors)}
  <form method="post" action="/portal/configuracion/webhook" class="stack">
    ${csrfField(session.csrf)}
    ${field('url', 'URL del endpoint', { type: 'url', value: model.url, error: model.errors.url, required: true, maxlength: 2048, hint: 'Una dirección https pública de tu servidor. Por ejemplo: https://mitienda.co/webhooks/pasarela' })}
    <div class="actions"><button type="submit">Registrar endpoint</button></div>
  </form>`
      : ''
  }
</section>`;
  }
  return html`<section class="card" aria-labelledby="endpoint">
  <h2 id="endpoint">Endpoint de webhooks</h2>
  ${rules(model.retryDelays, admin)}
  <dl class="facts">
    <dt>URL</dt><dd class="mono">${endpoint.url}</dd>
    <dt>Estado</dt><dd>${endpoint.activo ? html`<span class="badge ok">Activo</span>` : html`<span class="badge gray">Desactivado: los avisos se guardan sin enviarse</span>`}</dd>
    <dt>Registrado</dt><dd>${dateTime(endpoint.creadoEn)}</dd>
    <dt>Último cambio</dt><dd>${dateTime(endpoint.actualizadoEn)}, por ${actorLabel(endpoint.actualizadoPor, model.authors)}</dd>
  </dl>
  ${
    admin
      ? html`<h3>Cambiar la URL</h3>
  ${errorSummary(model.errors)}
  <form method="post" action="/portal/configuracion/webhook/url" class="stack">
    ${csrfField(session.csrf)}
    ${field('url', 'URL nueva', { type: 'url', value: model.url, error: model.errors.url, required: true, maxlength: 2048, hint: 'Los próximos intentos de cada aviso van a la URL nueva. El secreto no cambia.' })}
    <div class="actions"><button type="submit">Guardar URL</button></div>
  </form>
  <h3>${endpoint.activo ? 'Desactivar' : 'Activar'}</h3>
  <p class="hint">${
    endpoint.activo
      ? 'Mientras esté desactivado, los avisos quedan guardados como "Sin endpoint" y puedes reenviarlos después.'
      : 'Al activarlo, los avisos nuevos vuelven a enviarse. Los guardados mientras estuvo desactivado se reenvían desde la lista.'
  }</p>
  <form method="post" action="/portal/configuracion/webhook/estado">
    ${csrfField(session.csrf)}<input type="hidden" name="activo" value="${endpoint.activo ? 'false' : 'true'}">
    <button type="submit" class="${endpoint.activo ? 'danger' : 'secondary'}">${endpoint.activo ? 'Desactivar endpoint' : 'Activar endpoint'}</button>
  </form>`
      : ''
  }
</section>
${secretSection(session, endpoint)}`;
}

/** The signing secret: never shown here; an administrator can replace it, the old one still signing for 24 hours. */
function secretSection(session: PortalSession, endpoint: WebhookEndpointView): Html {
  const previous = endpoint.previousSecretValidUntil;
  return html`<section class="card" aria-labelledby="secreto">
  <h2 id="secreto">Secreto de firma</h2>
  <p class="hint">Tu servidor lo usa para comprobar <span class="mono">svc-signature</span>. Solo se muestra al crearlo.</p>
  ${
    previous
      ? html`<p class="notice info">El secreto se cambió hace poco: hasta el ${dateTime(previous)} cada aviso lleva dos firmas, con el secreto nuevo y con el anterior.</p>`
      : ''
  }
  ${
    session.principal.role === 'administrador'
      ? html`<p class="hint">Si lo perdiste o crees que alguien más lo conoce, cámbialo. Antes de cambiarlo te diremos qué secreto
  deja de firmar y cuándo.</p>
  <p><a class="button secondary" href="/portal/configuracion/webhook/secreto">Cambiar el secreto de firma</a></p>`
      : ''
  }
</section>`;
}

const FILTERS: Array<[DeliveryEstado | '', string]> = [
  ['', 'Todas'],
  ['fallida', 'Fallidas'],
  ['pendiente', 'Pendientes'],
  ['sin_endpoint', 'Sin endpoint'],
  ['entregada', 'Entregadas'],
];

export function webhookPage(session: PortalSession, model: WebhookPageModel): string {
  const first = `/portal/configuracion/webhook${model.estado ? `?estado=${model.estado}` : ''}`;
  const paged = model.cursor !== null;
  const back = paged ? `/portal/configuracion/webhook?${new URLSearchParams({ ...(model.estado ? { estado: model.estado } : {}), cursor: model.cursor ?? '' }).toString()}` : first;
  return settingsPage(
    session,
    'webhook',
    'Webhook',
    html`${okNotice(model.done)}${problemNotice(model.problem)}
${endpointSection(session, model)}
<section class="card" aria-labelledby="entregas">
  <h2 id="entregas">Avisos enviados</h2>
  <p class="hint">Los más recientes primero, con cada intento. Un aviso fallido se puede reenviar: llega con el mismo
  <span class="mono">svc-delivery-id</span>, así tu servidor reconoce los repetidos.</p>
  <nav aria-label="Filtrar avisos"><ul class="subnav">${FILTERS.map(
    ([estado, label]) =>
      html`<li><a href="/portal/configuracion/webhook${estado ? `?estado=${estado}` : ''}"${estado === model.estado ? html` aria-current="page"` : ''}>${label}</a></li>`,
  )}</ul></nav>
  ${
    model.deliveries.length > 0
      ? deliveriesTable(session, model.deliveries, back, true)
      : html`<p>No hay ${paged ? 'avisos anteriores' : 'avisos'}${model.estado ? ' con ese estado' : paged ? '' : ' todavía'}.</p>`
  }
  ${
    paged || model.next
      ? html`<nav class="pager" aria-label="Páginas de avisos">
    <span>${paged ? html`<a href="${first}">← Más recientes</a>` : ''}</span>
    <span>${
      model.next
        ? html`<a class="button secondary" href="/portal/configuracion/webhook?${new URLSearchParams({ ...(model.estado ? { estado: model.estado } : {}), cursor: model.next }).toString()}">Ver anteriores</a>`
        : ''
    }</span>
  </nav>`
      : ''
  }
</section>`,
  );
}

export function secretPage(session: PortalSession, endpoint: WebhookEndpointView, secret: string, repeated = false): string {
  return settingsPage(
    session,
    'webhook',
    'Endpoint registrado',
    html`<section class="card" aria-labelledby="secreto">
  <h2 id="secreto">Registraste tu endpoint</h2>
  <p>Los avisos irán a <span class="mono">${endpoint.url}</span>.</p>
  ${
    repeated
      ? html`<p class="notice info" role="note" id="repetido">Ya lo habías registrado el ${dateTime(endpoint.creadoEn)} desde este mismo formulario
  (se envió otra vez): no registramos otro. Este es el secreto de ese registro.</p>`
      : ''
  }
  <div class="notice warn" role="status">
    ${copyField('secreto-firma', 'Copia ahora el secreto de firma y guárdalo en tu servidor. No lo volveremos a mostrar.', secret)}
    Con él tu servidor comprueba la firma <span class="mono">svc-signature</span> de cada aviso (HMAC-SHA256).
  </div>
  <p><a class="button" href="/portal/configuracion/webhook">Ya lo guardé, continuar</a></p>
</section>`,
  );
}

export function rolledSecretPage(session: PortalSession, endpoint: WebhookEndpointView, secret: string, previousValidUntil: string, repeated = false): string {
  return settingsPage(
    session,
    'webhook',
    'Secreto de firma nuevo',
    html`<section class="card" aria-labelledby="secreto-nuevo">
  <h2 id="secreto-nuevo">Cambiaste el secreto de firma</h2>
  <p>Es el de los avisos que van a <span class="mono">${endpoint.url}</span>.</p>
  ${
    repeated
      ? html`<p class="notice info" id="repetido">Ya lo habías cambiado el ${dateTime(endpoint.actualizadoEn)} desde este mismo formulario
  (se envió otra vez): no lo cambiamos de nuevo. Este es el secreto de ese cambio.</p>`
      : ''
  }
  <div class="notice warn" role="status">
    ${copyField('secreto-firma', 'Copia ahora el secreto nuevo y ponlo en tu servidor. No lo volveremos a mostrar.', secret)}
    Con él tu servidor comprueba la firma <span class="mono">svc-signature</span> de cada aviso (HMAC-SHA256).
  </div>
  <p id="secreto-anterior">El secreto anterior sigue firmando hasta el <strong>${dateTime(previousValidUntil)}</strong>: hasta
  entonces cada aviso lleva dos firmas <span class="mono">v1=</span>, una con cada secreto, y tu servidor lo acepta con
  cualquiera de los dos. Después, solo con el nuevo.</p>
  <p><a class="button" href="/portal/configuracion/webhook">Ya lo guardé, continuar</a></p>
</section>`,
  );
}

/** The destination rules' messages (webhooks/domain/destination.ts), in Spanish; unknown ones are kept as they are. */
export function urlMessage(message: string): string {
  const rules: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    [/at most (\d+) characters long as stored.*has (\d+)/, (m) => `Puede tener como máximo ${m[1]} caracteres una vez codificada, y esta tiene ${m[2]}: cada ñ, tilde o espacio cuenta como varios (%C3%B1).`],
    [/at most (\d+) characters/, (m) => `Puede tener como máximo ${m[1]} caracteres.`],
    [/must be an absolute URL/, () => 'Escribe la dirección completa, por ejemplo https://mitienda.co/webhooks.'],
    [/http only to this machine/, () => 'Debe empezar por https:// (http solo hacia este mismo equipo, en modo de desarrollo).'],
    [/must be (an )?https/, () => 'Debe empezar por https://.'],
    [/user information/, () => 'No puede llevar usuario ni contraseña (usuario@sitio).'],
    [/fragment/, () => 'No puede llevar una parte final con #.'],
    [/port 0/, () => 'No puede usar el puerto 0.'],
    [/this machine/, () => 'No puede apuntar a este mismo equipo.'],
    [/must not point to/, () => 'No puede apuntar a una dirección privada o interna: debe ser pública.'],
    [/public host/, () => 'Debe ser un dominio público, por ejemplo mitienda.co.'],
  ];
  for (const [pattern, say] of rules) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return message;
}

export interface RollConfirmModel {
  endpoint: WebhookEndpointView;
  authors: Authors;
  /** A replaced secret still signs: rolling now stops it at once. */
  inGrace: boolean;
  /** When the current secret would stop signing if rolled now (now + 24 h). */
  currentValidUntil: string;
  error?: string;
  problem?: string;
}

/**
 * Before a roll, what it will stop and when. While a replaced secret is still signing (a roll in the last 24 hours), a
 * new roll stops that one at once: the page says so, and the person must tick that they understand.
 */
export function rollConfirmPage(session: PortalSession, model: RollConfirmModel): string {
  const { endpoint } = model;
  const errors: FieldErrors = model.error ? { entiendo: model.error } : {};
  return settingsPage(
    session,
    'webhook',
    'Cambiar el secreto de firma',
    html`${problemNotice(model.problem)}<section class="card" aria-labelledby="cambiar-secreto">
  <h2 id="cambiar-secreto">¿Cambiar el secreto de firma?</h2>
  ${errorSummary(errors)}
  <p>Te mostraremos un secreto nuevo una sola vez, y desde ese momento cada aviso que va a <span class="mono">${endpoint.url}</span>
  irá firmado con él.</p>
  ${
    model.inGrace
      ? html`<div class="notice warn" id="deja-de-firmar">
    <p><strong>El secreto ya se cambió hace poco</strong> (${dateTime(endpoint.actualizadoEn)}, por ${actorLabel(endpoint.actualizadoPor, model.authors)}).
    Hasta el ${dateTime(endpoint.previousSecretValidUntil ?? endpoint.actualizadoEn)} cada aviso lleva también la firma del secreto anterior a ese cambio.</p>
    <p><strong>Si lo cambias otra vez ahora, ese secreto anterior deja de firmar de inmediato</strong>: si tu servidor todavía
    comprueba los avisos con él, los rechazará desde este momento y tu tienda no se enterará de los pagos. El secreto actual
    seguirá firmando hasta el ${endSentence(dateTime(model.currentValidUntil))}</p>
    <p>Cámbialo solo si ya pusiste en tu servidor el secreto del último cambio, o si lo perdiste.</p>
  </div>`
      : html`<p id="deja-de-firmar">El secreto actual seguirá firmando hasta el <strong>${dateTime(model.currentValidUntil)}</strong>: hasta
  entonces cada aviso lleva dos firmas, así tu servidor los acepta mientras pones el nuevo en él. Después, solo valdrá el nuevo.</p>`
  }
  <form method="post" action="/portal/configuracion/webhook/secreto" class="stack">
    ${csrfField(session.csrf)}<input type="hidden" name="visto" value="${endpoint.actualizadoEn}">
    ${
      model.inGrace
        ? html`<div class="field">
      ${model.error ? html`<p class="error-text" id="campo-entiendo-error"><span class="visually-hidden">Error: </span>${model.error}</p>` : ''}
      <label><input type="checkbox" id="campo-entiendo" name="entiendo" value="si" required${model.error ? html` aria-invalid="true" aria-describedby="campo-entiendo-error"` : ''}>
      Entiendo que el secreto anterior deja de firmar ya</label>
    </div>`
        : ''
    }
    <div class="actions">
      <button type="submit" class="${model.inGrace ? 'danger' : 'secondary'}">Sí, cambiar el secreto</button>
      <a href="/portal/configuracion/webhook">No, volver</a>
    </div>
  </form>
</section>`,
  );
}
