// How the portal writes money, dates and states for people in Colombia (DESIGN.md 5.19-5.20).
import type { Actor } from '../../../../kernel/actor.js';
import type { MerchantRole } from '../../../../kernel/principal.js';
import type { Estado } from '../../../../payments/domain/charge.js';

const PESOS = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });
const DOLLARS = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'USD' });
const NUMBER = new Intl.NumberFormat('es-CO');
const DATE_TIME = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const DATE = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'short', year: 'numeric' });

/** "$ 150.000" (with U+00A0 after the sign): whole pesos, as the amounts are. */
export const pesos = (amount: number): string => PESOS.format(amount);

export const money = (amount: number, moneda: string): string => (moneda === 'USD' ? DOLLARS.format(amount) : pesos(amount));

export const count = (n: number): string => NUMBER.format(n);

/** A number with its noun in agreement: "1 pago", "2 pagos", "1.250 pagos". */
export const counted = (n: number, one: string, many: string): string => `${count(n)} ${n === 1 ? one : many}`;

/** Text that ends a sentence, with its full stop unless it has one: a time ends in "a. m." or "p. m." already. */
export const endSentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

/** An instant as a Bogota date and time: "22 nov 2026, 3:07 p. m.". */
export const dateTime = (iso: string): string => DATE_TIME.format(new Date(iso));

/** The Bogota date of an instant: "22 nov 2026". */
export const date = (iso: string): string => DATE.format(new Date(iso));

/** A Bogota calendar date (YYYY-MM-DD) as "22 nov 2026". */
export const calendarDate = (day: string): string => DATE.format(new Date(`${day}T12:00:00-05:00`));

export const ESTADO_LABEL: Record<Estado, string> = {
  creado: 'Creado',
  pendiente: 'Pendiente',
  aprobado: 'Aprobado',
  fallido: 'Fallido',
  conciliado: 'Conciliado',
  reembolsado: 'Reembolsado',
};

/** What each state means for the shop, in the spec's words. */
export const ESTADO_HELP: Record<Estado, string> = {
  creado: 'Nadie ha pagado todavía.',
  pendiente: 'Nadie ha pagado todavía.',
  aprobado: 'El banco aprobó: es el momento de despachar.',
  fallido: 'El pago no se completó.',
  conciliado: 'Pagado, y el dinero coincidió con la liquidación.',
  reembolsado: 'Devuelto al pagador.',
};

export const ROLE_LABEL: Record<MerchantRole, string> = { administrador: 'Administrador', lectura: 'Solo lectura' };

/** What names an author: people by id (removed ones too), API keys by id with their last four characters. */
export interface Authors {
  people: Record<string, string>;
  keys: Record<string, string>;
}

/** Who made a change, in words, the same on every page: a person by name, a key by its last four when known. */
export function actorLabel(actor: Actor | null, authors: Authors): string {
  if (!actor) return 'nadie';
  switch (actor.type) {
    case 'person':
      return authors.people[actor.id] ?? 'una persona que ya no tiene acceso';
    case 'merchant-key': {
      const lastFour = authors.keys[actor.id];
      return lastFour ? `la integración (clave de API …${lastFour})` : 'la integración (clave de API)';
    }
    case 'operator':
      return 'el equipo de Pasarela';
    case 'provider':
      return 'el procesador de pagos';
    case 'system':
      return 'Pasarela (automático)';
    default: {
      const unknown: never = actor.type;
      return String(unknown);
    }
  }
}
