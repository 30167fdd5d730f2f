// The portal's error pages: what happened and where to go, in the person's words; never a stack or a JSON body.
import type { PortalSession } from '../../../application/portal-session.js';
import { html } from './html.js';
import { layout } from './layout.js';

export interface ErrorPage {
  title: string;
  text: string;
  link?: { href: string; label: string };
  /** An unexpected failure's reference, the one its log line carries, for the person to quote. */
  reference?: string;
}

export function errorPage(page: ErrorPage, session: PortalSession | null): string {
  const link = page.link ?? (session ? { href: '/portal/resumen', label: 'Ir al resumen' } : { href: '/portal/ingresar', label: 'Ir a ingresar' });
  return layout(
    html`<div class="card">
  <h1>${page.title}</h1>
  <p>${page.text}</p>
  ${page.reference ? html`<p>Referencia del error: <strong>${page.reference}</strong></p>` : ''}
  <p><a class="button secondary" href="${link.href}">${link.label}</a></p>
</div>`,
    { title: page.title, session },
  );
}

/** Conflicts the portal can meet, by their stable code; anything else gets a general sentence. */
export const CONFLICT_TEXT: Record<string, string> = {
  last_administrator: 'El comercio debe conservar al menos un administrador que pueda ingresar (quien tiene una invitación sin aceptar aún no cuenta). Primero da el rol Administrador a otra persona con acceso.',
  person_exists: 'Esa persona ya tiene acceso al portal (o una invitación pendiente con otro rol: quítala e invítala de nuevo).',
  webhook_endpoint_exists: 'Ya hay un endpoint de webhooks registrado: cámbialo en lugar de registrar otro.',
  person_not_active: 'Esa persona aún no aceptó su invitación: con ese enlace elige su contraseña. Si lo perdió, invítala de nuevo con el mismo correo y rol: el enlace nuevo reemplaza al anterior.',
  invitation_expired: 'Esta invitación venció. Pide a un administrador que te invite de nuevo.',
};
