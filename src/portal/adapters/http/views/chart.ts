// A bar chart drawn on the server as SVG: no script, nothing to load, readable by screen readers (role="img" with a
// title and summary, each bar titled with its day and amount) and, below it, the same figures as a table.
import { count, counted } from './format.js';
import { html, type Html } from './html.js';

export interface Bar {
  /** Short label under the bar ("3 nov"). */
  label: string;
  /** Full label for the bar's title and the table ("martes, 3 de noviembre"). */
  longLabel: string;
  value: number;
  count: number;
}

const WIDTH = 720;
const HEIGHT = 260;
const LEFT = 76;
const RIGHT = 12;
const TOP = 14;
const BOTTOM = 34;

// Three decimals: an axis to 2,5 x 10^n has its lines at 0,625, 1,25 and 1,875 x 10^n, each named exactly (1,25 M
// rounded to one decimal read 1,3 M, an amount no line stands at).
const DECIMAL = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 3 });

/** "$ 0", "$ 50 mil", "$ 1,5 M": the axis needs few characters. */
export function compactPesos(value: number): string {
  if (value < 1000) return `$\u00a0${value}`;
  if (value < 1_000_000) return `$\u00a0${DECIMAL.format(value / 1000)}\u00a0mil`;
  return `$\u00a0${DECIMAL.format(value / 1_000_000)}\u00a0M`;
}

/** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value`. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1000;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** `period` heads the table's first column: what one bar is ("Día", or "Semana" for a chart of weeks). */
export function barChart(id: string, title: string, summary: string, bars: Bar[], format: (value: number) => string, period = 'Día'): Html {
  const top = niceCeiling(Math.max(0, ...bars.map((b) => b.value)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(bars.length, 1);
  const barWidth = Math.max(2, Math.min(48, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(bars.length / 10));
  const y = (value: number): number => TOP + plotHeight - (value / top) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const r = (n: number): string => n.toFixed(1);
  return html`<figure class="chart" aria-labelledby="${id}-titulo">
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-titulo ${id}-resumen" xmlns="http://www.w3.org/2000/svg">
  <title id="${id}-titulo">${title}</title>
  <desc id="${id}-resumen">${summary}</desc>
  ${ticks.map(
    (t) => html`<line class="grid-line" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${r(y(t))}" y2="${r(y(t))}"/>
  <text x="${LEFT - 8}" y="${r(y(t) + 4)}" text-anchor="end">${compactPesos(t)}</text>`,
  )}
  <line class="axis" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${TOP + plotHeight}" y2="${TOP + plotHeight}"/>
  ${bars.map((bar, i) => {
    const x = LEFT + slot * i + (slot - barWidth) / 2;
    const height = (bar.value / top) * plotHeight;
    return html`<g>
    <rect class="bar" x="${r(x)}" y="${r(y(bar.value))}" width="${r(barWidth)}" height="${r(Math.max(height, bar.value > 0 ? 1 : 0))}"><title>${bar.longLabel}: ${format(bar.value)} (${counted(bar.count, 'pago', 'pagos')})</title></rect>
    ${i % labelEvery === 0 ? html`<text x="${r(x + barWidth / 2)}" y="${HEIGHT - BOTTOM + 18}" text-anchor="middle">${bar.label}</text>` : ''}
  </g>`;
  })}
</svg>
<figcaption><details><summary>Ver las cifras del gráfico</summary>
  <table class="responsive"><caption class="visually-hidden">Cifras del gráfico</caption><thead><tr><th scope="col">${period}</th><th scope="col" class="num">Pagos</th><th scope="col" class="num">Monto</th></tr></thead>
  <tbody>${bars.map((b) => html`<tr><td data-label="${period}">${b.longLabel}</td><td class="num" data-label="Pagos">${count(b.count)}</td><td class="num" data-label="Monto">${format(b.value)}</td></tr>`)}</tbody></table>
</details></figcaption>
</figure>`;
}
