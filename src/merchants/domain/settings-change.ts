// One recorded change of a merchant's settings (DESIGN.md 5.18): web registration, webhook endpoint, people, and the
// operator's own-checkout switch; who made it, when, what it was before and after, and a sentence saying so.
import type { Actor } from '../../kernel/actor.js';
import type { MerchantRole } from '../../kernel/principal.js';

export const SETTINGS_CHANGE_KINDS = ['registro_web', 'webhook', 'persona', 'checkout_propio'] as const;
export type SettingsChangeKind = (typeof SETTINGS_CHANGE_KINDS)[number];

/** The author as stored, with a name when one can be given (a person's name, an API key's last four). */
export interface NamedActor extends Actor {
  nombre: string | null;
}

export interface SiteValues {
  sitioWeb: string;
  urlRetorno: string;
}

export interface EndpointValues {
  url: string;
  activo: boolean;
}

export interface PersonValues {
  email: string;
  nombre: string;
  rol: MerchantRole;
}

/**
 * What personas_cambios records: an invitation, its acceptance, a role change, a removal, a password-reset link
 * issued, a password chosen through it.
 */
export type PersonAction = 'invitada' | 'activada' | 'rol' | 'eliminada' | 'restablecimiento_emitido' | 'contrasena_restablecida';

interface Recorded {
  /** The row's id in its own table: with the kind and the time, the page's position. */
  id: string;
  cambiadoEn: string;
  actor: NamedActor;
}

export type SettingsChange = Recorded &
  (
    | { tipo: 'registro_web'; detalle: { antes: SiteValues | null; despues: SiteValues } }
    | { tipo: 'webhook'; detalle: { antes: EndpointValues | null; despues: EndpointValues; secretoCambiado: boolean } }
    | { tipo: 'persona'; detalle: { personaId: string; accion: PersonAction; antes: PersonValues | null; despues: PersonValues | null } }
    | { tipo: 'checkout_propio'; detalle: { habilitado: boolean } }
  );

/** Where a page ends: the list runs newest first by (time, kind, id). */
export interface SettingsChangeCursor {
  cambiadoEn: string;
  tipo: SettingsChangeKind;
  id: string;
}

export const cursorOf = (change: SettingsChange): SettingsChangeCursor => ({ cambiadoEn: change.cambiadoEn, tipo: change.tipo, id: change.id });

/** How an author is named to the merchant. A person keeps their name after losing access. */
export function actorName(actor: Actor, personName: string | null, keyLast4: string | null): string | null {
  switch (actor.type) {
    case 'person':
      return personName;
    case 'merchant-key':
      return keyLast4 === null ? 'Clave de API' : `Clave de API …${keyLast4}`;
    case 'operator':
      return 'Equipo de Pasarela';
    case 'provider':
      return 'Procesador de pagos';
    case 'system':
      return 'Pasarela';
    default: {
      const unknown: never = actor.type;
      return String(unknown);
    }
  }
}

const arrow = (label: string, before: string, after: string): string => `${label}: ${before} → ${after}`;

/** A short Spanish sentence for the change, e.g. "Sitio web: https://a.co → https://b.co". */
export function summarize(change: SettingsChange): string {
  switch (change.tipo) {
    case 'registro_web': {
      const { antes, despues } = change.detalle;
      if (!antes) return `Sitio web registrado: ${despues.sitioWeb}; página de retorno: ${despues.urlRetorno}`;
      const parts: string[] = [];
      if (antes.sitioWeb !== despues.sitioWeb) parts.push(arrow('Sitio web', antes.sitioWeb, despues.sitioWeb));
      if (antes.urlRetorno !== despues.urlRetorno) parts.push(arrow('Página de retorno', antes.urlRetorno, despues.urlRetorno));
      return parts.length > 0 ? parts.join('; ') : 'Sitio web guardado sin cambios';
    }
    case 'webhook': {
      const { antes, despues, secretoCambiado } = change.detalle;
      if (secretoCambiado) return 'Secreto de firma cambiado';
      if (!antes) return `Webhook registrado: ${despues.url}`;
      const parts: string[] = [];
      if (antes.url !== despues.url) parts.push(arrow('URL del webhook', antes.url, despues.url));
      if (antes.activo !== despues.activo) parts.push(despues.activo ? 'Webhook activado' : 'Webhook desactivado');
      return parts.length > 0 ? parts.join('; ') : 'Webhook guardado sin cambios';
    }
    case 'persona': {
      const { accion, antes, despues } = change.detalle;
      const email = despues?.email ?? antes?.email ?? '';
      switch (accion) {
        case 'invitada':
          return `Invitación a ${email} como ${despues?.rol ?? ''}`;
        case 'activada':
          return `${email} aceptó la invitación`;
        case 'rol':
          return arrow(`Rol de ${email}`, antes?.rol ?? '', despues?.rol ?? '');
        case 'eliminada':
          return `Acceso de ${email} retirado`;
        case 'restablecimiento_emitido':
          return `Enlace para una nueva contraseña de ${email}`;
        case 'contrasena_restablecida':
          return `${email} eligió una nueva contraseña`;
        default: {
          const unknown: never = accion;
          return `Cambio de ${email} (${String(unknown)})`;
        }
      }
    }
    case 'checkout_propio':
      return change.detalle.habilitado ? 'Checkout propio habilitado' : 'Checkout propio deshabilitado';
    default: {
      const unknown: never = change;
      return String(unknown);
    }
  }
}
