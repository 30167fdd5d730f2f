// The payer of own checkout and of the hosted PSE form: every broken rule is named on its field.
import { checkPagador, DIGITS_ONLY_DOCUMENTS, TIPOS_DOCUMENTO } from '../../src/checkout/domain/pagador.js';

const valid = {
  nombre: 'Ana María Pérez',
  email: 'ana@example.com',
  telefono: '300 123 4567',
  tipoPersona: 'natural',
  tipoDocumento: 'CC',
  numeroDocumento: '1020304050',
  banco: '1007',
};

const errorsOf = (raw: unknown): Record<string, string[]> => {
  const check = checkPagador(raw);
  return check.ok ? {} : check.fieldErrors;
};

describe('pagador', () => {
  it('accepts a natural person with a cédula, and normalises the phone', () => {
    const check = checkPagador(valid);
    expect(check).toEqual({ ok: true, pagador: { ...valid, telefono: '3001234567' } });
  });

  it('accepts a company with a NIT whose check digit is right', () => {
    expect(checkPagador({ ...valid, tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '890903938-8' }).ok).toBe(true);
  });

  it('refuses a NIT with a wrong check digit, on pagador.numeroDocumento', () => {
    expect(Object.keys(errorsOf({ ...valid, tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '890903938-7' }))).toEqual([
      'pagador.numeroDocumento',
    ]);
  });

  it('refuses a company paying with a cédula', () => {
    expect(Object.keys(errorsOf({ ...valid, tipoPersona: 'juridica' }))).toEqual(['pagador.tipoDocumento']);
  });

  it('names every missing or malformed field at once, and unknown ones', () => {
    const errors = errorsOf({ email: 'no-es-correo', tipoPersona: 'empresa', tipoDocumento: 'XX', banco: '17', extra: 1, telefono: 'abc' });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'pagador.banco',
        'pagador.email',
        'pagador.extra',
        'pagador.nombre',
        'pagador.numeroDocumento',
        'pagador.telefono',
        'pagador.tipoDocumento',
        'pagador.tipoPersona',
      ].sort(),
    );
  });

  it('refuses a number where text is expected', () => {
    expect(errorsOf({ ...valid, numeroDocumento: 1020304050 })['pagador.numeroDocumento']).toEqual(['numeroDocumento must be a string']);
  });

  it('treats a missing telefono as none', () => {
    const { telefono: _ignored, ...withoutPhone } = valid;
    expect(checkPagador(withoutPhone)).toMatchObject({ ok: true, pagador: { telefono: null } });
  });

  it('names fields without the prefix for the hosted page form', () => {
    const check = checkPagador({ ...valid, email: '' }, '');
    expect(check.ok ? [] : Object.keys(check.fieldErrors)).toEqual(['email']);
  });

  it('offers the number keypad only for the types that refuse letters (the hosted form keys its keypad on it)', () => {
    const takesLetters = (tipo: string) => checkPagador({ ...valid, tipoDocumento: tipo, numeroDocumento: 'AB1234567' }).ok;
    expect(TIPOS_DOCUMENTO.filter((tipo) => tipo !== 'NIT' && !takesLetters(tipo))).toEqual(DIGITS_ONLY_DOCUMENTS);
  });
});
