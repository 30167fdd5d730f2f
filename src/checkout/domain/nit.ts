// DIAN's check digit of a NIT (Número de Identificación Tributaria): the digits weighted from the right by
// 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71, summed modulo 11; a remainder r > 1 gives 11 - r.
const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

export function nitCheckDigit(nit: string): number {
  if (!/^\d{1,15}$/.test(nit)) throw new Error('a NIT is 1 to 15 digits');
  let sum = 0;
  for (let i = 0; i < nit.length; i++) sum += Number(nit[nit.length - 1 - i]) * (WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  return remainder > 1 ? 11 - remainder : remainder;
}

/** The example every hint and description shows: a NIT with its right check digit (tested). */
export const NIT_EXAMPLE = '900123456-8';

/** A NIT written with its check digit after a hyphen, as NIT_EXAMPLE. */
export const NIT_FORMAT = /^(\d{5,10})-(\d)$/;

export function isValidNit(value: string): boolean {
  const match = NIT_FORMAT.exec(value);
  return match !== null && nitCheckDigit(match[1] ?? '') === Number(match[2]);
}
