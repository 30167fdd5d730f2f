// Resumen: totals per state over a period and the approved amount per day (GET /pagos/stats's figures).
import type { ChargeStats, StateTotals } from '../../../../payments/application/charge-stats/charge-stats.query.js';
import { daysBetween } from '../../../../payments/application/charge-stats/periods.js';
import { ESTADOS } from '../../../../payments/domain/charge.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { barChart, type Bar } from './chart.js';
import { estadoBadge } from './charges.views.js';
import { calendarDate, count, counted, endSentence, pesos } from './format.js';
import { okNotice } from './forms.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';

export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

export interface SummaryModel {
  days: RangeDays;
  desde: string;
  hasta: string;
  stats: ChargeStats;
  /** How the person arrived, when it needs a word: an invitation accepted, or a new password from a reset link. */
  arrival?: 'bienvenida' | 'contrasena';
}

const SHORT_DAY = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'short' });
const LONG_DAY = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', weekday: 'long', day: 'numeric', month: 'long' });
const noon = (day: string): Date => new Date(`${day}T12:00:00-05:00`);

/** Paid money: approved, and approved then reconciled. */
const paid = (porEstado: Record<string, StateTotals>): StateTotals => ({
  cantidad: (porEstado.aprobado?.cantidad ?? 0) + (porEstado.conciliado?.cantidad ?? 0),
  monto: (porEstado.aprobado?.monto ?? 0) + (porEstado.conciliado?.monto ?? 0),
});

function tile(label: string, value: string, sub: string): Html {
  return html`<div class="tile"><div class="label">${label}</div><div class="value">${value}</div><div class="sub">${sub}</div></div>`;
}

const pagos = (n: number): string => counted(n, 'pago', 'pagos');

export function summaryPage(session: PortalSession, model: SummaryModel): string {
  const { total } = model.stats;
  const approved = paid(total.porEstado);
  const waiting: StateTotals = {
    cantidad: total.porEstado.creado.cantidad + total.porEstado.pendiente.cantidad,
    monto: total.porEstado.creado.monto + total.porEstado.pendiente.monto,
  };
  const weekly = model.days === 90;
  const bars: Bar[] = model.stats.periodos.map((p) => {
    const money = paid(p.porEstado);
    // A week is named by its Monday, unless the range cuts it (its first and last weeks): then by the days it counts.
    const whole = p.desde === p.periodo && daysBetween(p.desde, p.hasta) === 7;
    return {
      label: SHORT_DAY.format(noon(p.desde)),
      longLabel: !weekly
        ? LONG_DAY.format(noon(p.periodo))
        : whole
          ? `Semana del ${LONG_DAY.format(noon(p.periodo))}`
          : p.desde === p.hasta
            ? LONG_DAY.format(noon(p.desde))
            : `Del ${LONG_DAY.format(noon(p.desde))} al ${LONG_DAY.format(noon(p.hasta))}`,
      value: money.monto,
      count: money.cantidad,
    };
  });
  const best = bars.reduce<Bar | undefined>((a, b) => (!a || b.value > a.value ? b : a), undefined);
  const summary =
    approved.monto > 0 && best
      ? `En total ${pesos(approved.monto)} aprobados en ${pagos(approved.cantidad)}. El ${weekly ? 'periodo' : 'día'} con más: ${best.longLabel}, ${pesos(best.value)}.`
      : 'No hay pagos aprobados en este periodo.';
  return layout(
    html`${okNotice(
      model.arrival === 'bienvenida'
        ? `¡Listo, ${session.nombre}! ${endSentence(`Ya tienes acceso al portal de ${session.merchantNombre}`)}`
        : model.arrival === 'contrasena'
          ? 'Guardamos tu contraseña nueva. Cerramos tus demás sesiones: en otros equipos, ingresa con la contraseña nueva.'
          : undefined,
    )}
<h1>Resumen</h1>
<p class="lead">Pagos creados del ${calendarDate(model.desde)} al ${calendarDate(model.hasta)}, según su estado actual.</p>
<nav aria-label="Periodo"><ul class="subnav">${RANGES.map(
      (d) => html`<li><a href="/portal/resumen?dias=${d}"${d === model.days ? html` aria-current="page"` : ''}>Últimos ${d} días</a></li>`,
    )}</ul></nav>
<div class="grid">
  ${tile('Aprobado', pesos(approved.monto), counted(approved.cantidad, 'pago aprobado o conciliado', 'pagos aprobados o conciliados'))}
  ${tile('Esperando pago', pesos(waiting.monto), pagos(waiting.cantidad))}
  ${tile('Fallidos', count(total.porEstado.fallido.cantidad), pesos(total.porEstado.fallido.monto))}
  ${tile('Reembolsado', pesos(total.porEstado.reembolsado.monto), pagos(total.porEstado.reembolsado.cantidad))}
</div>
<section class="card" aria-labelledby="grafico">
  <h2 id="grafico">Monto aprobado por ${weekly ? 'semana' : 'día'}</h2>
  <p class="hint">${summary}</p>
  ${barChart('aprobado', `Monto aprobado por ${weekly ? 'semana' : 'día'}`, summary, bars, pesos, weekly ? 'Semana' : 'Día')}
</section>
<section class="card" aria-labelledby="por-estado">
  <h2 id="por-estado">Por estado</h2>
  <div class="table-wrap"><table class="responsive" aria-labelledby="por-estado">
    <thead><tr><th scope="col">Estado</th><th scope="col" class="num">Pagos</th><th scope="col" class="num">Monto</th></tr></thead>
    <tbody>${ESTADOS.map(
      (e) => html`<tr><td data-label="Estado"><a href="/portal/pagos?estado=${e}&desde=${model.desde}&hasta=${model.hasta}">${estadoBadge(e)}</a></td>
      <td class="num" data-label="Pagos">${count(total.porEstado[e].cantidad)}</td><td class="num" data-label="Monto">${pesos(total.porEstado[e].monto)}</td></tr>`,
    )}</tbody>
    <tfoot><tr><th scope="row">Total</th><td class="num" data-label="Pagos">${count(total.cantidad)}</td><td class="num" data-label="Monto">${pesos(total.monto)}</td></tr></tfoot>
  </table></div>
</section>`,
    { title: 'Resumen', session, section: 'resumen' },
  );
}
