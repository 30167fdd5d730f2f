// Pagos: the list with its filters and cursor pages.
import type { ChargeSummary } from '../../../../payments/application/charge-summary.js';
import { ESTADOS } from '../../../../payments/domain/charge.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { dateTime, ESTADO_LABEL, money } from './format.js';
import { errorSummary, type FieldErrors } from './forms.js';
import { html, type Html } from './html.js';
import { layout } from './layout.js';

export interface ChargeFilters {
  estado: string;
  referencia: string;
  desde: string;
  hasta: string;
}

export interface ChargesPageModel {
  filters: ChargeFilters;
  charges: ChargeSummary[];
  /** The query string of the next page; null on the last. */
  nextQuery: string | null;
  /** True when this is not the first page. */
  paged: boolean;
  errors: FieldErrors;
}

export const estadoBadge = (estado: keyof typeof ESTADO_LABEL): Html => html`<span class="badge estado-${estado}">${ESTADO_LABEL[estado]}</span>`;

function filtersForm(filters: ChargeFilters, errors: FieldErrors): Html {
  const invalid = (name: string): Html | '' => (errors[name] ? html` aria-invalid="true" aria-describedby="campo-${name}-error"` : '');
  const message = (name: string): Html | '' =>
    errors[name] ? html`<p class="error-text" id="campo-${name}-error">${errors[name]}</p>` : '';
  return html`<form method="get" action="/portal/pagos" class="card" role="search" aria-label="Filtrar pagos">
  <div class="filters">
    <div class="field"><label for="campo-estado">Estado</label>
      <select id="campo-estado" name="estado"${invalid('estado')}>
        <option value="">Todos</option>
        ${ESTADOS.map((e) => html`<option value="${e}"${filters.estado === e ? html` selected` : ''}>${ESTADO_LABEL[e]}</option>`)}
      </select>${message('estado')}</div>
    <div class="field"><label for="campo-referencia">Referencia</label>
      <input id="campo-referencia" name="referencia" type="search" value="${filters.referencia}" maxlength="120"${invalid('referencia')}>${message('referencia')}</div>
    <div class="field"><label for="campo-desde">Desde</label>
      <input id="campo-desde" name="desde" type="date" value="${filters.desde}"${invalid('desde')}>${message('desde')}</div>
    <div class="field"><label for="campo-hasta">Hasta</label>
      <input id="campo-hasta" name="hasta" type="date" value="${filters.hasta}"${invalid('hasta')}>${message('hasta')}</div>
    <div class="actions"><button type="submit">Filtrar</button> <a href="/portal/pagos">Quitar filtros</a></div>
  </div>
</form>`;
}

function table(charges: ChargeSummary[]): Html {
  return html`<div class="table-wrap"><table class="responsive">
  <caption class="visually-hidden">Pagos, del más reciente al más antiguo</caption>
  <thead><tr><th scope="col">Fecha</th><th scope="col">Referencia</th><th scope="col">Estado</th><th scope="col" class="num">Monto</th></tr></thead>
  <tbody>${charges.map(
    (c) => html`<tr>
    <td data-label="Fecha">${dateTime(c.creadoEn)}</td>
    <td data-label="Referencia" class="referencia"><a href="/portal/pagos/${c.id}">${c.referencia}</a></td>
    <td data-label="Estado">${estadoBadge(c.estado)}</td>
    <td data-label="Monto" class="num">${money(c.monto, c.moneda)}</td>
  </tr>`,
  )}</tbody>
</table></div>`;
}

export function chargesPage(session: PortalSession, model: ChargesPageModel): string {
  const filtered = Object.values(model.filters).some((v) => v !== '');
  const empty = filtered
    ? html`<p class="card">No hay pagos con estos filtros.</p>`
    : html`<p class="card">Aún no hay pagos. Tu tienda los crea con la API (<span class="mono">POST /v1/pagos</span>) y aparecen aquí.</p>`;
  return layout(
    html`<h1>Pagos</h1>
<p class="lead">Del más reciente al más antiguo. Un pago aprobado es el momento de despachar el pedido.</p>
${Object.keys(model.errors).length > 0 ? errorSummary(model.errors, 'Revisa los filtros') : ''}
${filtersForm(model.filters, model.errors)}
${model.charges.length > 0 ? table(model.charges) : empty}
<nav class="pager" aria-label="Páginas de pagos">
  <span>${model.paged ? html`<a href="/portal/pagos?${pageQuery(model.filters)}">← Primera página</a>` : ''}</span>
  <span>${model.nextQuery ? html`<a class="button secondary" href="/portal/pagos?${model.nextQuery}">Página siguiente →</a>` : ''}</span>
</nav>`,
    { title: 'Pagos', session, section: 'pagos' },
  );
}

/** The filters as a query string (empty ones left out), plus a cursor when given. */
export function pageQuery(filters: ChargeFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== '') params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
