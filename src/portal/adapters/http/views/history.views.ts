// Configuración › Historial de cambios: who changed the settings and when, newest first, in pages ("Ver más").
import type { SettingsChangeEntry } from '../../../../merchants/application/list-settings-changes/list-settings-changes.query.js';
import type { SettingsChangeKind } from '../../../../merchants/domain/settings-change.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { actorLabel, dateTime, ROLE_LABEL, type Authors } from './format.js';
import { problemNotice } from './forms.js';
import { html, type Html } from './html.js';
import { settingsPage } from './settings.views.js';

export interface HistoryPageModel {
  entries: SettingsChangeEntry[];
  authors: Authors;
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** True when this is not the first page. */
  paged: boolean;
  /** Set when the page link was not one we gave. */
  problem?: string;
}

const KIND_LABEL: Record<SettingsChangeKind, string> = {
  registro_web: 'Sitio web',
  webhook: 'Webhook',
  persona: 'Personas',
  checkout_propio: 'Checkout propio',
};

/**
 * The API's sentence, except where it names a role: the API keeps the stored values (`lectura`), the pages say
 * "Solo lectura" everywhere else.
 */
function sentence({ change, resumen }: SettingsChangeEntry): string {
  if (change.tipo !== 'persona') return resumen;
  const { accion, antes, despues } = change.detalle;
  const email = despues?.email ?? antes?.email ?? '';
  if (accion === 'invitada' && despues) return `Invitación a ${email} con el rol ${ROLE_LABEL[despues.rol]}`;
  if (accion === 'rol' && antes && despues) return `Rol de ${email}: ${ROLE_LABEL[antes.rol]} → ${ROLE_LABEL[despues.rol]}`;
  return resumen;
}

function entry(item: SettingsChangeEntry, authors: Authors): Html {
  const { change } = item;
  return html`<li>
    <span class="badge gray">${KIND_LABEL[change.tipo]}</span>
    <strong>${sentence(item)}</strong>
    <div class="when"><time datetime="${change.cambiadoEn}">${dateTime(change.cambiadoEn)}</time> · por ${actorLabel(change.actor, authors)}</div>
  </li>`;
}

export function historyPage(session: PortalSession, model: HistoryPageModel): string {
  const empty = model.paged ? html`<p>No hay más cambios.</p>` : html`<p>Aún no hay cambios en la configuración.</p>`;
  return settingsPage(
    session,
    'historial',
    'Historial de cambios',
    html`${problemNotice(model.problem)}
<section class="card" aria-labelledby="historial">
  <h2 id="historial">Historial de cambios</h2>
  <p class="hint">Quién cambió el sitio web, el webhook, las personas con acceso o el checkout propio, y cuándo (hora de Colombia). Del más reciente al más antiguo.</p>
  ${model.entries.length > 0 ? html`<ol class="timeline cambios">${model.entries.map((item) => entry(item, model.authors))}</ol>` : empty}
</section>
<nav class="pager" aria-label="Páginas del historial">
  <span>${model.paged ? html`<a href="/portal/configuracion/historial">← Más recientes</a>` : ''}</span>
  <span>${model.next ? html`<a class="button secondary" href="/portal/configuracion/historial?${new URLSearchParams({ cursor: model.next }).toString()}">Ver más</a>` : ''}</span>
</nav>`,
  );
}
