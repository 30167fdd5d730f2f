// The Configuración area's frame: its parts, one page each.
import type { PortalSession } from '../../../application/portal-session.js';
import { html, type Content } from './html.js';
import { layout } from './layout.js';

export type SettingsPart = 'sitio' | 'webhook' | 'personas' | 'historial';

const PARTS: Array<{ id: SettingsPart; label: string }> = [
  { id: 'sitio', label: 'Sitio web' },
  { id: 'webhook', label: 'Webhook' },
  { id: 'personas', label: 'Personas' },
  { id: 'historial', label: 'Historial de cambios' },
];

export function settingsPage(session: PortalSession, part: SettingsPart, title: string, content: Content): string {
  return layout(
    html`<h1>Configuración</h1>
<nav aria-label="Partes de la configuración"><ul class="subnav">${PARTS.map(
      (p) => html`<li><a href="/portal/configuracion/${p.id}"${p.id === part ? html` aria-current="page"` : ''}>${p.label}</a></li>`,
    )}</ul></nav>
${content}`,
    { title: `${title} · Configuración`, session, section: 'configuracion' },
  );
}
