// Configuración › Sitio web: the site and return page (spec "Web registration"), who changed them last and when.
import type { WebRegistrationView } from '../../../../merchants/application/get-merchant/get-merchant.query.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { actorLabel, dateTime, type Authors } from './format.js';
import { errorSummary, field, okNotice, type FieldErrors } from './forms.js';
import { html } from './html.js';
import { csrfField } from './layout.js';
import { settingsPage } from './settings.views.js';

export interface SitePageModel {
  registration: WebRegistrationView | null;
  authors: Authors;
  form: { sitioWeb: string; urlRetorno: string };
  errors: FieldErrors;
  done?: string;
  aprobado: boolean;
}

export function sitePage(session: PortalSession, model: SitePageModel): string {
  const { registration } = model;
  const admin = session.principal.role === 'administrador';
  const current = registration
    ? html`<dl class="facts">
    <dt>Sitio web</dt><dd>${registration.sitioWeb}</dd>
    <dt>Página de retorno</dt><dd>${registration.urlRetorno}</dd>
    <dt>Último cambio</dt><dd>${dateTime(registration.actualizadoEn)}, por ${actorLabel(registration.actualizadoPor, model.authors)}</dd>
  </dl>`
    : html`<p class="notice warn">Aún no has registrado tu sitio web. Sin él no puedes crear cobros.</p>`;
  const form = admin
    ? html`<section class="card" aria-labelledby="cambiar-sitio">
  <h2 id="cambiar-sitio">${registration ? 'Cambiar el sitio' : 'Registrar el sitio'}</h2>
  ${errorSummary(model.errors)}
  <form method="post" action="/portal/configuracion/sitio" class="stack">
    ${csrfField(session.csrf)}
    ${field('sitioWeb', 'Sitio web', {
      type: 'url',
      value: model.form.sitioWeb,
      hint: 'La dirección de tu tienda, con https://. Por ejemplo: https://mitienda.co',
      error: model.errors.sitioWeb,
      required: true,
      autocomplete: 'url',
      maxlength: 2048,
    })}
    ${field('urlRetorno', 'Página de retorno', {
      type: 'url',
      value: model.form.urlRetorno,
      hint: 'Adonde vuelve el comprador después de pagar: una página de tu sitio o de un subdominio suyo, con https://. Por ejemplo: https://mitienda.co/gracias',
      error: model.errors.urlRetorno,
      required: true,
      maxlength: 2048,
    })}
    <div class="actions"><button type="submit">Guardar</button></div>
  </form>
</section>`
    : '';
  return settingsPage(
    session,
    'sitio',
    'Sitio web',
    html`${okNotice(model.done)}
<section class="card" aria-labelledby="sitio-actual">
  <h2 id="sitio-actual">Sitio web y página de retorno</h2>
  <p class="hint">El comprador vuelve a la página de retorno al terminar. Volver no prueba el pago: despacha solo cuando llegue
  <span class="mono">payment.completed</span> a tu webhook o el pago esté aprobado aquí.</p>
  ${current}
  ${model.aprobado ? '' : html`<p class="notice info">Tu comercio aún no está aprobado por Pasarela: podrás cobrar cuando lo esté.</p>`}
</section>
${form}`,
  );
}

/** The web registration rules' messages (domain/web-registration.ts), in Spanish; unknown ones are kept as they are. */
export function siteMessage(message: string): string {
  const rules: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    [/must start with https:\/\//, () => 'Debe empezar por https://.'],
    [/must be at most (\d+) characters/, (m) => `Puede tener como máximo ${m[1]} caracteres.`],
    [/must be a URI/, () => 'No puede tener espacios, barras invertidas ni tildes o eñes sin codificar.'],
    [/must be a valid URL/, () => 'No es una dirección web válida.'],
    [/must not contain user information/, () => 'No puede llevar usuario ni contraseña (usuario@sitio).'],
    [/must name its host plainly/, () => 'Escribe el dominio tal cual, por ejemplo https://mitienda.co.'],
    [/not an IP address/, () => 'Escribe el dominio del sitio, no una dirección IP.'],
    [/not this machine \(localhost\)/, () => 'Debe ser un sitio público, no este equipo (localhost).'],
    [/must name a domain with a dot/, () => 'Escribe el dominio completo, con su punto, por ejemplo https://mitienda.co.'],
    [/no empty label between dots/, () => 'El dominio no puede tener dos puntos seguidos ni terminar en dos puntos, por ejemplo https://mitienda.co.'],
    [/not one under (\S+)/, (m) => `Debe ser un sitio público, no uno bajo ${m[1]}.`],
    [/must be on (\S+) or a subdomain of it/, (m) => `Debe estar en ${m[1]} o en un subdominio suyo (el dominio del sitio web).`],
  ];
  for (const [pattern, say] of rules) {
    const match = pattern.exec(message);
    if (match) return say(match);
  }
  return message;
}
