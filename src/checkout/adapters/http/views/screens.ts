// The hosted page's screens that take no payment: a final charge (never a second form), the cash voucher, a
// payment being confirmed, the provider out of reach, an unknown link, a request it could not read.
import type { CashVoucher } from '../../../../payments/domain/charge.js';
import type { PaymentMethod } from '../../../../payments/domain/charge.events.js';
import { formatBogotaDateTime, formatPesos } from '../../../domain/formats.js';
import { html, type Raw } from './html.js';
import { ICONS } from './icons.js';

export interface Back {
  /** Our redirect to the merchant's return page; null when the merchant has none. */
  href: string | null;
  merchantName: string;
}

const METHOD_NAMES: Record<PaymentMethod, string> = { pse: 'PSE', tarjeta: 'Tarjeta', efectivo: 'Efectivo' };

/**
 * Why a payment failed, in the buyer's words, for the provider's reasons the buyer can act on (another card, another
 * account). Any other reason (one we do not know, the sandbox operator's scripted decline, none) gets the generic
 * text: the provider's code itself is never shown.
 */
const FAILURE_REASONS: ReadonlyMap<string, string> = new Map([
  ['tarjeta_rechazada', 'El banco que emitió tu tarjeta rechazó el pago.'],
  ['fondos_insuficientes', 'La tarjeta no tiene fondos o cupo suficiente para este pago.'],
  ['error_procesador', 'La entidad de pagos tuvo un error al procesar la tarjeta.'],
  ['rechazado_por_el_banco', 'Tu banco rechazó el débito por PSE.'],
]);

const backButton = (back: Back, primary = true): Raw | null =>
  back.href ? html`<a class="button ${primary ? 'primary' : 'secondary'}" href="${back.href}">Volver a ${back.merchantName}</a>` : null;

export function finalScreen(
  outcome: 'aprobado' | 'fallido' | 'reembolsado',
  charge: { monto: number; referencia: string; method: PaymentMethod | null; at: string; failureReason: string | null },
  back: Back,
): Raw {
  const facts = html`<dl class="facts">
    <div><dt>Valor</dt><dd>${formatPesos(charge.monto)}</dd></div>
    <div><dt>Referencia</dt><dd>${charge.referencia}</dd></div>
    ${charge.method ? html`<div><dt>Medio de pago</dt><dd>${METHOD_NAMES[charge.method]}</dd></div>` : null}
    <div><dt>Fecha</dt><dd>${formatBogotaDateTime(charge.at)}</dd></div>
  </dl>`;
  if (outcome === 'aprobado') {
    return html`<section class="result ok" aria-labelledby="estado">
  ${ICONS.ok}
  <h2 id="estado">¡Pago aprobado!</h2>
  <p>Tu pago a ${back.merchantName} quedó aprobado. Guarda la referencia para cualquier consulta.</p>
  ${facts}
  <div class="actions">${backButton(back)}</div>
</section>`;
  }
  if (outcome === 'reembolsado') {
    return html`<section class="result ok" aria-labelledby="estado">
  ${ICONS.ok}
  <h2 id="estado">Pago reembolsado</h2>
  <p>Este pago fue devuelto a quien lo hizo.</p>
  ${facts}
  <div class="actions">${backButton(back)}</div>
</section>`;
  }
  const reason = charge.failureReason === null ? undefined : FAILURE_REASONS.get(charge.failureReason);
  return html`<section class="result bad" aria-labelledby="estado">
  ${ICONS.failed}
  <h2 id="estado">El pago no fue aprobado</h2>
  ${reason ? html`<p>${reason}</p>` : null}
  <p>No se hizo ningún cobro. Vuelve a la tienda para intentarlo de nuevo con otro medio de pago.</p>
  ${facts}
  <div class="actions">${backButton(back)}</div>
</section>`;
}

/** `msLeft`: until the deadline by our clock; checkout.js reloads the page once it has passed (it then says so). */
export function voucherScreen(voucher: CashVoucher, monto: number, msLeft: number, back: Back): Raw {
  return html`<section class="panel" aria-labelledby="codigo" data-vence-en-ms="${String(Math.max(0, Math.round(msLeft)))}">
  <h2 id="codigo">Tu código para pagar en efectivo</h2>
  <p class="hint">Paga en cualquier punto de las redes indicadas antes de la fecha límite. Muestra estos datos en la caja.</p>
  <div class="voucher">
    <dl class="facts">
      <div><dt>Referencia de pago</dt><dd class="code">${voucher.reference}</dd></div>
      <div><dt>Convenio</dt><dd class="code">${voucher.agreementCode}</dd></div>
      <div><dt>Valor a pagar</dt><dd>${formatPesos(monto)}</dd></div>
      <div><dt>Paga antes de</dt><dd>${formatBogotaDateTime(voucher.expiresAt)}</dd></div>
      <div><dt>Dónde pagar</dt><dd>${voucher.networks.join(', ')}</dd></div>
    </dl>
  </div>
  <p class="notice info">Tu compra se confirma cuando el punto de pago reporte el dinero; puede tardar unos minutos. Si no pagas antes de la fecha límite, el código vence.</p>
  <div class="actions">
    <button type="button" class="secondary no-print" data-imprimir hidden>Imprimir código</button>
    ${backButton(back)}
  </div>
</section>`;
}

export function voucherExpiredScreen(voucher: CashVoucher, back: Back): Raw {
  return html`<section class="result wait" aria-labelledby="estado">
  ${ICONS.clock}
  <h2 id="estado">El código de pago venció</h2>
  <p>El código ${voucher.reference} se podía pagar hasta el ${formatBogotaDateTime(voucher.expiresAt)} y no recibimos el pago. Vuelve a la tienda si todavía quieres comprar.</p>
  <div class="actions">${backButton(back)}</div>
</section>`;
}

export function processingScreen(bankName: string | null, selfHref: string, back: Back): Raw {
  return html`<section class="result wait" aria-labelledby="estado" aria-live="polite" data-estado="${selfHref}/estado">
  ${ICONS.clock}
  <h2 id="estado">Estamos confirmando tu pago</h2>
  <p>${bankName ? `${bankName} está procesando el pago.` : 'La entidad de pagos está procesando el pago.'} Esta página se actualiza sola; no vuelvas a pagar.</p>
  <div class="actions">
    <a class="button primary" href="${selfHref}">Actualizar</a>
    ${backButton(back, false)}
  </div>
</section>`;
}

export function unavailableScreen(selfHref: string): Raw {
  return html`<section class="result wait" aria-labelledby="estado">
  ${ICONS.clock}
  <h2 id="estado">No pudimos conectar con el sistema de pagos</h2>
  <p>Intenta de nuevo en unos minutos. Si ya pagaste, no vuelvas a pagar: al intentar de nuevo verás el resultado de tu pago.</p>
  <div class="actions"><a class="button primary" href="${selfHref}">Intentar de nuevo</a></div>
</section>`;
}

export function unreadableScreen(selfHref: string): Raw {
  return html`<section class="result bad" aria-labelledby="estado">
  ${ICONS.failed}
  <h1 id="estado">No pudimos leer los datos enviados</h1>
  <p>No se hizo ningún cobro. Vuelve a la página de pago y escribe tus datos otra vez.</p>
  <div class="actions"><a class="button primary" href="${selfHref}">Volver a la página de pago</a></div>
</section>`;
}

export function notFoundScreen(): Raw {
  return html`<section class="result bad" aria-labelledby="estado">
  ${ICONS.failed}
  <h1 id="estado">Este enlace de pago no existe</h1>
  <p>Revisa el enlace que te dio la tienda, o vuelve a la tienda para empezar de nuevo.</p>
</section>`;
}
