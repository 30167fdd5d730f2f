// The sandbox's test cards (docs/sandbox.md): each magic number decides its payment. Numbers are Luhn-checked
// first, as every card form does; a valid number that is not a test card is refused without touching the payment.
import { startOfBogotaDay } from '../../../kernel/bogota.js';
import { luhn } from '../../../kernel/card-number.js';

export type CardType = 'credito' | 'debito';
export type CardBehaviour = 'aprobar' | 'rechazar' | 'fondos_insuficientes' | 'error';

export interface TestCard {
  number: string;
  brand: string;
  type: CardType;
  behaviour: CardBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'Visa', type: 'credito', behaviour: 'aprobar' },
  { number: '5555555555554444', brand: 'Mastercard', type: 'credito', behaviour: 'aprobar' },
  { number: '378282246310005', brand: 'American Express', type: 'credito', behaviour: 'aprobar' },
  { number: '4000056655665556', brand: 'Visa', type: 'debito', behaviour: 'aprobar' },
  { number: '5200828282828210', brand: 'Mastercard', type: 'debito', behaviour: 'aprobar' },
  { number: '4000000000000002', brand: 'Visa', type: 'credito', behaviour: 'rechazar' },
  { number: '4000000000009995', brand: 'Visa', type: 'debito', behaviour: 'fondos_insuficientes' },
  { number: '4000000000000119', brand: 'Visa', type: 'credito', behaviour: 'error' },
];

export const MAX_INSTALLMENTS = 36;

/** Digits only: buyers type spaces or dashes between groups. */
export const normaliseCardNumber = (raw: string): string => raw.replace(/[\s-]/g, '');

export const passesLuhn = (digits: string): boolean => /^\d{12,19}$/.test(digits) && luhn(digits);

export const testCard = (digits: string): TestCard | undefined => TEST_CARDS.find((card) => card.number === digits);

/** Why a payment with this card fails, as the notice says it; null when it is approved. */
export function declineReason(behaviour: CardBehaviour): string | null {
  switch (behaviour) {
    case 'aprobar':
      return null;
    case 'rechazar':
      return 'tarjeta_rechazada';
    case 'fondos_insuficientes':
      return 'fondos_insuficientes';
    case 'error':
      return 'error_procesador';
    default: {
      const unhandled: never = behaviour;
      return unhandled;
    }
  }
}

export interface CardInput {
  numero: string;
  nombre: string;
  vence: string;
  cvc: string;
}

export type CardCheck = { ok: true; card: TestCard } | { ok: false; errors: Partial<Record<keyof CardInput, string>> };

/**
 * MM/AA as buyers type it: with the slash, another separator or none (the field opens a phone's number keypad, which
 * has no slash: 1230), the month in one digit before a separator, the year in full (12/2030). Null for anything else.
 */
function readExpiry(vence: string): { month: number; year: number } | null {
  const found = /^(\d{1,2})\s*[/.\s-]\s*(\d{2}|20\d{2})$|^(\d{2})(\d{2})$/.exec(vence.trim());
  if (!found) return null;
  const year = found[2] ?? found[4] ?? '';
  return { month: Number(found[1] ?? found[3]), year: year.length === 4 ? Number(year) : 2000 + Number(year) };
}

/** The checks a card form makes before anything is charged; messages in Spanish, for the buyer. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  const digits = normaliseCardNumber(input.numero);
  let card: TestCard | undefined;
  if (!passesLuhn(digits)) errors.numero = 'Revisa el número de la tarjeta: no es válido.';
  else if (!(card = testCard(digits))) errors.numero = 'Esta tarjeta no existe en el entorno de pruebas: usa una de las tarjetas de prueba.';
  if (input.nombre.trim().length < 2) errors.nombre = 'Escribe el nombre como aparece en la tarjeta.';
  const expiry = readExpiry(input.vence);
  if (!expiry) errors.vence = 'Escribe la fecha de vencimiento como MM/AA.';
  else {
    const { month, year } = expiry;
    // A card is valid through the last day of its month, in the buyer's calendar: until Bogota's midnight, not UTC's
    // (19:00 there).
    const endOfMonth = startOfBogotaDay(new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10)).getTime();
    if (month < 1 || month > 12) errors.vence = 'El mes de vencimiento debe estar entre 01 y 12.';
    else if (endOfMonth <= now.getTime()) errors.vence = 'La tarjeta está vencida.';
  }
  const cvcLength = card?.brand === 'American Express' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
    errors.cvc = `El código de seguridad tiene ${cvcLength} dígitos.`;
  }
  if (Object.keys(errors).length > 0 || !card) return { ok: false, errors };
  return { ok: true, card };
}

/** Cuotas: a credit card needs 1 to 36; a debit card takes none. */
export function checkInstallments(type: CardType, installments: number | null): string | null {
  if (type === 'debito') return installments === null || installments === 1 ? null : 'Una tarjeta débito no se paga en cuotas.';
  if (installments === null) return 'Elige en cuántas cuotas pagar (de 1 a 36).';
  if (!Number.isInteger(installments) || installments < 1 || installments > MAX_INSTALLMENTS) {
    return 'Las cuotas van de 1 a 36.';
  }
  return null;
}
