// The page around every portal screen: header with the shop and the person, the main sections, and the content.
// Read-only people are told so at the top of every page, since the write controls are simply absent for them.
import type { PortalSession } from '../../../application/portal-session.js';
import { ROLE_LABEL } from './format.js';
import { html, type Content, type Html } from './html.js';

export type Section = 'resumen' | 'pagos' | 'configuracion' | 'sesiones';

export interface PageOptions {
  title: string;
  session: PortalSession | null;
  section?: Section;
}

const SECTIONS: Array<{ id: Section; href: string; label: string }> = [
  { id: 'resumen', href: '/portal/resumen', label: 'Resumen' },
  { id: 'pagos', href: '/portal/pagos', label: 'Pagos' },
  { id: 'configuracion', href: '/portal/configuracion', label: 'Configuración' },
];

export const csrfField = (token: string): Html => html`<input type="hidden" name="csrf" value="${token}">`;

function header(session: PortalSession, section: Section | undefined): Html {
  return html`<header class="top">
  <div class="bar">
    <a class="brand" href="/portal/resumen">Pasarela<span> · Portal</span></a>
    <span class="shop">${session.merchantNombre}</span>
    <div class="who">
      <span>${session.nombre}</span>
      <span class="role">${ROLE_LABEL[session.principal.role]}</span>
      <a href="/portal/sesiones"${section === 'sesiones' ? html` aria-current="page"` : ''}>Sesiones</a>
      <form method="post" action="/portal/salir">${csrfField(session.csrf)}<button type="submit" class="link">Salir</button></form>
    </div>
  </div>
  <nav class="main" aria-label="Secciones">
    <ul>${SECTIONS.map(
      (s) => html`<li><a href="${s.href}"${s.id === section ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
    )}</ul>
  </nav>
</header>`;
}

export function layout(content: Content, options: PageOptions): string {
  const { session } = options;
  const readOnly =
    session?.principal.role === 'lectura'
      ? html`<p class="notice info" role="note">Tienes acceso de <strong>solo lectura</strong>: puedes consultar todo, pero no cambiar la configuración.</p>`
      : '';
  return html`<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${options.title} · Pasarela</title>
<link rel="stylesheet" href="/portal/assets/portal.css">
</head>
<body>
<a class="skip" href="#contenido">Saltar al contenido</a>
${session ? header(session, options.section) : ''}
<main id="contenido" tabindex="-1">
${readOnly}${content}
</main>
<footer>Pasarela · pagos con PSE, tarjeta y efectivo en Colombia. Horas en hora de Colombia (UTC−5).</footer>
</body>
</html>
`.value;
}
