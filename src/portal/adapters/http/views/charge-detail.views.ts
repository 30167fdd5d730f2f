// One charge: what it is, what it means for the shop, and everything that happened to it (its events, in order).
// Provider references in the events are never shown: the provider stays out of everything merchants see.
import type { HistoryEvent } from '../../../../operator/application/get-charge-history/get-charge-history.query.js';
import type { ChargeSummary } from '../../../../payments/application/charge-summary.js';
import type { DeliveryView } from '../../../../webhooks/application/ports/delivery-log.port.js';
import type { WebhookEventType } from '../../../../webhooks/domain/webhook-event.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { estadoBadge } from './charges.views.js';
import { actorLabel, calendarDate, dateTime, ESTADO_HELP, money, type Authors } from './format.js';
import { html, type Content, type Html } from './html.js';
import { layout } from './layout.js';

const METHOD: Record<string, string> = { pse: 'PSE', tarjeta: 'tarjeta', efectivo: 'efectivo' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amount = (value: unknown, moneda: string): string => (typeof value === 'number' ? money(value, moneda) : '');

/** What became of the notice an outcome sends, as its delivery says: nothing is sent without an active endpoint. */
function notice(tipo: WebhookEventType, model: ChargeDetailModel): Content {
  const delivery = model.deliveries.find((d) => d.tipo === tipo);
  if (!delivery) return `El aviso ${tipo} aún no aparece entre los avisos de tu comercio.`;
  switch (delivery.estado) {
    case 'entregada':
      return `Se notificó ${tipo} a tu webhook.`;
    case 'pendiente':
      return `Estamos enviando ${tipo} a tu webhook: sus intentos están abajo, en Avisos a tu webhook.`;
    case 'fallida':
      return `Tu webhook no recibió ${tipo}: ningún intento tuvo respuesta 2xx. Están abajo, en Avisos a tu webhook.`;
    case 'sin_endpoint':
      return model.hasEndpoint
        ? `No se envió ${tipo}: cuando ocurrió, tu webhook no estaba activo. Se puede reenviar abajo, en Avisos a tu webhook.`
        : html`No se envió ${tipo}: tu comercio no tiene un webhook registrado. Un administrador lo registra en <a href="/portal/configuracion/webhook">Configuración › Webhook</a>.`;
    default: {
      const unknown: never = delivery.estado;
      return String(unknown);
    }
  }
}

/**
 * When the provider decided, if its notice arrived a minute or more later (a retried notice): settlement and the
 * webhook's `created` follow the decision (docs/decisions.md), so the merchant sees both times.
 */
function decidedEarlier(event: HistoryEvent, verb: string): Content {
  const decidedAt = text(event.data.decidedAt);
  if (!decidedAt || Date.parse(event.metadata.occurredAt) - Date.parse(decidedAt) < 60_000) return '';
  return html`<time datetime="${decidedAt}">La entidad de pagos lo ${verb} el ${dateTime(decidedAt)}</time>; su aviso llegó después. `;
}

/** What an event means, in words; undefined for a kind this version does not know (shown by its name). */
function describe(event: HistoryEvent, model: ChargeDetailModel): { title: string; detail?: Content } {
  const { charge } = model;
  const d = event.data;
  switch (event.type) {
    case 'ChargeCreated':
      return { title: `Cobro creado por ${amount(d.monto, charge.moneda)}`, detail: text(d.descripcion) || undefined };
    case 'CheckoutOpened':
      return { title: 'Página de pago lista para el comprador' };
    case 'CashVoucherIssued':
      return { title: 'El comprador eligió pagar en efectivo', detail: `Código de pago ${text(d.voucherReference)}; vence ${text(d.expiresAt) ? dateTime(text(d.expiresAt)) : ''}` };
    case 'CashVoucherExpired':
      return { title: 'El código de pago en efectivo venció sin pago', detail: 'El pago sigue pendiente; no se envía ninguna notificación.' };
    case 'PaymentApproved':
      return {
        title: `Pago aprobado (${METHOD[text(d.method)] ?? text(d.method)})`,
        detail: html`${decidedEarlier(event, 'aprobó')}${notice('payment.completed', model)}`,
      };
    case 'PaymentFailed':
      return {
        title: `El pago no se completó (${METHOD[text(d.method)] ?? text(d.method)})`,
        detail: html`${decidedEarlier(event, 'rechazó')}${notice('payment.failed', model)} El comprador puede intentar con un cobro nuevo.`,
      };
    case 'ChargeReconciled':
      return { title: 'Conciliado con la liquidación', detail: text(d.valueDate) ? `Fecha valor ${calendarDate(text(d.valueDate))}` : undefined };
    case 'ChargeRefunded':
      return { title: `Reembolsado al pagador: ${amount(d.monto, charge.moneda)}` };
    default:
      return { title: event.type };
  }
}

function timeline(model: ChargeDetailModel): Html {
  return html`<ol class="timeline">${model.events.map((event) => {
    const { title, detail } = describe(event, model);
    return html`<li>
    <strong>${title}</strong>
    ${detail ? html`<div>${detail}</div>` : ''}
    <div class="when"><time datetime="${event.metadata.occurredAt}">${dateTime(event.metadata.occurredAt)}</time> · ${actorLabel(event.metadata.actor, model.authors)}</div>
  </li>`;
  })}</ol>`;
}

export interface ChargeDetailModel {
  charge: ChargeSummary;
  checkoutUrl: string;
  events: HistoryEvent[];
  authors: Authors;
  /** The charge's webhook deliveries (among the merchant's latest), and whether the merchant has an endpoint now. */
  deliveries: DeliveryView[];
  hasEndpoint: boolean;
  /** Further sections (liquidación, webhook deliveries), when their contexts provide them. */
  extra: Content;
}

export function chargeDetailPage(session: PortalSession, model: ChargeDetailModel): string {
  const { charge } = model;
  const open = charge.estado === 'creado' || charge.estado === 'pendiente';
  return layout(
    html`<p><a class="back" href="/portal/pagos">← Todos los pagos</a></p>
<h1>Pago ${charge.referencia} ${estadoBadge(charge.estado)}</h1>
<p class="lead">${ESTADO_HELP[charge.estado]}</p>
<section class="card" aria-labelledby="datos">
  <h2 id="datos">Datos del pago</h2>
  <dl class="facts">
    <dt>Monto</dt><dd>${money(charge.monto, charge.moneda)}</dd>
    <dt>Referencia</dt><dd>${charge.referencia}</dd>
    <dt>Creado</dt><dd>${dateTime(charge.creadoEn)}</dd>
    <dt>Id del pago</dt><dd class="mono">${charge.id}</dd>
    ${open ? html`<dt>Enlace de pago</dt><dd class="mono"><a href="${model.checkoutUrl}">${model.checkoutUrl}</a></dd>` : ''}
  </dl>
</section>
<section class="card" aria-labelledby="historial">
  <h2 id="historial">Historial</h2>
  ${model.events.length > 0 ? timeline(model) : html`<p>Sin eventos todavía.</p>`}
</section>
${model.extra}`,
    { title: `Pago ${charge.referencia}`, session, section: 'pagos' },
  );
}
