// The person's own open sessions, to spot a forgotten computer or a lost phone and close it.
import type { SessionView } from '../../../application/list-sessions/list-sessions.query.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { counted, dateTime } from './format.js';
import { okNotice } from './forms.js';
import { html } from './html.js';
import { csrfField, layout } from './layout.js';

/** "Chrome en Android": enough to recognise one's own devices. */
export function deviceOf(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /(Chrome|Chromium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Navegador desconocido';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iPhone o iPad'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'Mac'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} en ${system}` : browser;
}

export interface SessionsPageOptions {
  idleMinutes: number;
  maxHours: number;
  done?: string;
}

export function sessionsPage(session: PortalSession, sessions: SessionView[], options: SessionsPageOptions): string {
  const others = sessions.filter((s) => s.id !== session.sessionId);
  return layout(
    html`<h1>Tus sesiones abiertas</h1>
<p class="lead">Dónde está abierto el portal con tu cuenta. Una sesión termina sola tras ${counted(options.idleMinutes, 'minuto', 'minutos')} sin uso,
o ${counted(options.maxHours, 'hora', 'horas')} después de ingresar.</p>
${okNotice(options.done)}
<div class="table-wrap"><table class="responsive">
  <caption class="visually-hidden">Sesiones abiertas</caption>
  <thead><tr><th scope="col">Dispositivo</th><th scope="col">Dirección IP</th><th scope="col">Inició</th><th scope="col">Último uso</th><th scope="col"><span class="visually-hidden">Acciones</span></th></tr></thead>
  <tbody>${sessions.map(
    (s) => html`<tr>
    <td data-label="Dispositivo"><div>${deviceOf(s.userAgent)} ${s.id === session.sessionId ? html`<span class="badge ok">Esta sesión</span>` : ''}</div></td>
    <td data-label="Dirección IP"><span class="mono">${s.ip}</span></td>
    <td data-label="Inició">${dateTime(s.createdAt)}</td>
    <td data-label="Último uso">${dateTime(s.lastSeenAt)}</td>
    <td data-label="">${
      s.id === session.sessionId
        ? ''
        : html`<form method="post" action="/portal/sesiones/${s.id}/cerrar" class="inline">${csrfField(session.csrf)}<button type="submit" class="secondary">Cerrar<span class="visually-hidden"> la sesión de ${deviceOf(s.userAgent)}</span></button></form>`
    }</td>
  </tr>`,
  )}</tbody>
</table></div>
${
  others.length > 0
    ? html`<form method="post" action="/portal/sesiones/cerrar-otras">${csrfField(session.csrf)}<button type="submit" class="danger">Cerrar todas las demás sesiones</button></form>`
    : html`<p>No tienes otras sesiones abiertas.</p>`
}`,
    { title: 'Sesiones', session, section: 'sesiones' },
  );
}
