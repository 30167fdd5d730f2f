// DIAN's NIT check digit, against real NITs (copied from shared/data/nit-examples.json: public company NITs).
import { readFileSync } from 'node:fs';
import { isValidNit, NIT_EXAMPLE, nitCheckDigit } from '../../src/checkout/domain/nit.js';

const EXAMPLES = [
  { nit: '890903938', dv: 8, empresa: 'Bancolombia S.A.' },
  { nit: '899999068', dv: 1, empresa: 'Ecopetrol S.A.' },
  { nit: '860034313', dv: 7, empresa: 'Banco Davivienda S.A.' },
  { nit: '890900608', dv: 9, empresa: 'Almacenes Éxito S.A.' },
  { nit: '860002964', dv: 4, empresa: 'Banco de Bogotá S.A.' },
];

describe('NIT check digit (DIAN)', () => {
  it.each(EXAMPLES)('gives $dv for $empresa ($nit)', ({ nit, dv }) => {
    expect(nitCheckDigit(nit)).toBe(dv);
    expect(isValidNit(`${nit}-${dv}`)).toBe(true);
  });

  it.each(EXAMPLES)('refuses $nit with any other check digit', ({ nit, dv }) => {
    for (let other = 0; other <= 9; other++) if (other !== dv) expect(isValidNit(`${nit}-${other}`)).toBe(false);
  });

  it('needs the hyphen and the digit: a bare number, dots or letters are not a NIT with its check digit', () => {
    expect(isValidNit('8909039388')).toBe(false);
    expect(isValidNit('890.903.938-8')).toBe(false);
    expect(isValidNit('89090393A-8')).toBe(false);
  });

  it('maps remainders 0 and 1 to themselves, others to 11 - r', () => {
    // 800000000: 8 * 41 = 328, 328 % 11 = 9 -> 2
    expect(nitCheckDigit('800000000')).toBe(2);
    // 1: 1 * 3 = 3 -> 8; 4: 12 % 11 = 1 -> 1; 11: 1*3 + 1*7 = 10 -> 1
    expect(nitCheckDigit('1')).toBe(8);
    expect(nitCheckDigit('4')).toBe(1);
  });

  // A buyer copies the hint's example; a merchant copies the README's. Both must pass the check they describe.
  it('the example shown in hints, the API description and the README is a valid NIT', () => {
    expect(isValidNit(NIT_EXAMPLE)).toBe(true);
    const readme = readFileSync('README.md', 'utf8');
    const shown = [...readme.matchAll(/\b(\d{9})-(\d)\b/g)].map((match) => match[0]);
    expect(shown.length).toBeGreaterThan(0);
    for (const nit of shown) expect({ nit, valid: isValidNit(nit) }).toEqual({ nit, valid: true });
  });
});
