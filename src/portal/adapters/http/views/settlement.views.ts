// A charge's liquidación (GET /pagos/{id}/liquidacion's figures): what the buyer paid, what is withheld and why, what
// reaches the shop and when.
import type { SettlementView } from '../../../../settlement/application/get-settlement/get-settlement.query.js';
import { bogotaDate } from '../../../../kernel/bogota.js';
import { reversalOf, type SettlementState } from '../../../../settlement/domain/settlement.js';
import { pesos } from './format.js';
import { html, type Html } from './html.js';

// Four decimals: the most a rate may have (docs/settlement.md), so the rate shown is the one the line was computed with.
const PERCENT = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 4 });
const percent = (ppm: number): string => `${PERCENT.format(ppm / 10_000)}\u00a0%`;
const PAYOUT_DAY = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const STATE: Record<SettlementState, { label: string; badge: string }> = {
  programada: { label: 'Programada', badge: 'info' },
  liquidada: { label: 'Liquidada', badge: 'ok' },
  revertida: { label: 'Revertida', badge: 'violet' },
};

const WHY_THAT_DAY = {
  approval: '(el siguiente día hábil en Colombia después de la aprobación)',
  recording: '(el siguiente día hábil en Colombia después del día en que recibimos la aprobación)',
} as const;

/** When the money reaches the shop, or what the refund did to it (docs/settlement.md's rule). */
function payoutSentence(view: SettlementView): Html {
  const { payoutDate, payoutAfter, state } = view.settlement;
  const day = html`<strong>${PAYOUT_DAY.format(new Date(`${payoutDate}T12:00:00-05:00`))}</strong> ${WHY_THAT_DAY[payoutAfter]}`;
  if (state === 'programada') return html`Te pagaremos el ${day}.`;
  if (state === 'liquidada') return html`Pagada el ${day}.`;
  const refundedAt = view.charge.refundedAt;
  switch (refundedAt ? reversalOf(bogotaDate(new Date(refundedAt)), payoutDate) : 'either_on_payout_day') {
    case 'payout_cancelled':
      return html`El pago fue reembolsado antes del día de pago: esta liquidación se canceló y no se te pagará. Iba a pagarse el ${day}.`;
    case 'next_payout':
      return html`El pago fue reembolsado después de pagarse: se descuenta de tu siguiente liquidación. Se pagó el ${day}.`;
    case 'either_on_payout_day':
      return html`El pago fue reembolsado el mismo día de pago, el ${day}: si la transferencia de ese día ya se había hecho, se descuenta de tu siguiente liquidación; si no, esta liquidación no se paga.`;
  }
}

const minus = (amount: number): string => (amount === 0 ? pesos(0) : `−\u00a0${pesos(amount)}`);

function row(label: string, amount: string, note?: string): Html {
  return html`<tr><th scope="row">${label}${note ? html`<br><span class="hint">${note}</span>` : ''}</th><td class="num">${amount}</td></tr>`;
}

export function settlementSection(view: SettlementView): Html {
  const { lines, profile, state } = view.settlement;
  const card = view.charge.method === 'tarjeta';
  const shown = STATE[state];
  return html`<section class="card" aria-labelledby="liquidacion">
  <h2 id="liquidacion">Liquidación <span class="badge ${shown.badge}">${shown.label}</span></h2>
  <p>${payoutSentence(view)}</p>
  <div class="table-wrap"><table class="settlement">
    <caption class="visually-hidden">Cómo se llega del valor pagado al valor para tu comercio</caption>
    <tbody>
      ${row('Valor pagado por el comprador', pesos(lines.bruto))}
      ${row('Comisión de Pasarela', minus(lines.comision), `${percent(profile.comisionPpm)} + ${pesos(profile.comisionFija)}`)}
      ${row('IVA sobre la comisión', minus(lines.ivaComision), percent(profile.ivaComisionPpm))}
      ${
        card
          ? [
              row('Retención en la fuente', minus(lines.retefuente), `${percent(profile.retefuentePpm)} de ${pesos(lines.base)} (la venta sin IVA)`),
              row('ReteIVA', minus(lines.reteIva), `${percent(profile.reteIvaPpm)} del IVA de la venta (${pesos(lines.ivaVenta)})`),
              row('ReteICA', minus(lines.reteIca), `${percent(profile.reteIcaPpm)} de ${pesos(lines.base)}`),
            ]
          : ''
      }
    </tbody>
    <tfoot>${
      state === 'revertida'
        ? row('Se revierte', pesos(lines.neto), 'lo que este pago dejaba para tu comercio')
        : row('Para tu comercio', pesos(lines.neto))
    }</tfoot>
  </table></div>
  ${card ? '' : html`<p class="hint">Los pagos por PSE y en efectivo no tienen retenciones; solo los pagos con tarjeta.</p>`}
</section>`;
}
