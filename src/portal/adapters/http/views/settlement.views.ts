// A charge's liquidación (GET /pagos/{id}/liquidacion's figures): what the buyer paid, what is withheld and why, what
// reaches the shop and when.
import type { SettlementView } from '../../../../settlement/application/get-settlement/get-settlement.query.js';
import type { SettlementState } from '../../../../settlement/domain/settlement.js';
import { pesos } from './format.js';
import { html, type Html } from './html.js';

const PERCENT = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 3 });
const percent = (ppm: number): string => `${PERCENT.format(ppm / 10_000)}\u00a0%`;
const PAYOUT_DAY = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const STATE: Record<SettlementState, { label: string; badge: string; text: string }> = {
  programada: { label: 'Programada', badge: 'info', text: 'Te pagaremos el' },
  liquidada: { label: 'Liquidada', badge: 'ok', text: 'Pagada el' },
  revertida: { label: 'Revertida', badge: 'violet', text: 'El pago fue reembolsado: se descuenta de tu siguiente liquidación. Iba a pagarse el' },
};

const minus = (amount: number): string => (amount === 0 ? pesos(0) : `−\u00a0${pesos(amount)}`);

function row(label: string, amount: string, note?: string): Html {
  return html`<tr><th scope="row">${label}${note ? html`<br><span class="hint">${note}</span>` : ''}</th><td class="num">${amount}</td></tr>`;
}

export function settlementSection(view: SettlementView): Html {
  const { lines, profile, payoutDate, state } = view.settlement;
  const card = view.charge.method === 'tarjeta';
  const shown = STATE[state];
  return html`<section class="card" aria-labelledby="liquidacion">
  <h2 id="liquidacion">Liquidación <span class="badge ${shown.badge}">${shown.label}</span></h2>
  <p>${shown.text} <strong>${PAYOUT_DAY.format(new Date(`${payoutDate}T12:00:00-05:00`))}</strong> (el siguiente día hábil en Colombia después de la aprobación).</p>
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
    <tfoot>${row('Para tu comercio', pesos(lines.neto))}</tfoot>
  </table></div>
  ${card ? '' : html`<p class="hint">Los pagos por PSE y en efectivo no tienen retenciones; solo los pagos con tarjeta.</p>`}
</section>`;
}
