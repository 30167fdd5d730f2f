// The payer of a PSE debit (DESIGN.md 5.14): who the bank debits. Checked field by field, every problem named,
// for the merchant API (`pagador.<field>`) and for the hosted page's PSE form alike.
import { isEmailAddress } from '../../kernel/email-address.js';
import { isValidNit, NIT_EXAMPLE, NIT_FORMAT } from './nit.js';

export const TIPOS_PERSONA = ['natural', 'juridica'] as const;
export const TIPOS_DOCUMENTO = ['CC', 'CE', 'NIT', 'PP', 'TI', 'RC', 'DE', 'PPT'] as const;
export type TipoPersona = (typeof TIPOS_PERSONA)[number];
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

export interface Pagador {
  nombre: string;
  email: string;
  telefono: string | null;
  tipoPersona: TipoPersona;
  tipoDocumento: TipoDocumento;
  numeroDocumento: string;
  /** ACH code of the payer's bank (4 digits). */
  banco: string;
}

export type PagadorCheck = { ok: true; pagador: Pagador } | { ok: false; fieldErrors: Record<string, string[]> };

const FIELDS = ['nombre', 'email', 'telefono', 'tipoPersona', 'tipoDocumento', 'numeroDocumento', 'banco'];

/** Number rules per document type: digits for the Colombian ones, letters too for passports and foreigners' ids. */
const DOCUMENT_NUMBER: Record<TipoDocumento, { pattern: RegExp; rule: string }> = {
  CC: { pattern: /^\d{3,10}$/, rule: '3 to 10 digits' },
  TI: { pattern: /^\d{6,11}$/, rule: '6 to 11 digits' },
  RC: { pattern: /^\d{6,11}$/, rule: '6 to 11 digits' },
  NIT: { pattern: NIT_FORMAT, rule: `the NIT with its check digit after a hyphen, e.g. ${NIT_EXAMPLE}` },
  CE: { pattern: /^[A-Za-z0-9]{3,12}$/, rule: '3 to 12 letters or digits' },
  PP: { pattern: /^[A-Za-z0-9]{3,12}$/, rule: '3 to 12 letters or digits' },
  DE: { pattern: /^[A-Za-z0-9]{3,16}$/, rule: '3 to 16 letters or digits' },
  PPT: { pattern: /^[A-Za-z0-9]{3,12}$/, rule: '3 to 12 letters or digits' },
};

/** Types whose number is digits only: the hosted page offers a number keypad for them (a NIT needs its hyphen). */
export const DIGITS_ONLY_DOCUMENTS: readonly TipoDocumento[] = ['CC', 'TI', 'RC'];

/**
 * A cédula or a NIT as Colombians write it, with thousands dots (1.020.304.050, 900.123.456-8), becomes its digits;
 * dots anywhere else are left for the number's rule to refuse. Other types keep what was written.
 */
export function documentNumber(tipoDocumento: unknown, numero: string): string {
  if (tipoDocumento !== 'NIT' && !(DIGITS_ONLY_DOCUMENTS as readonly unknown[]).includes(tipoDocumento)) return numero;
  const grouped = /^(\d{1,3}(?:\.\d{3})+)(-\d)?$/.exec(numero);
  return grouped ? `${grouped[1]?.replaceAll('.', '')}${grouped[2] ?? ''}` : numero;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** `prefix` names the fields in the errors: `pagador.` for the API, '' for the hosted page's form. */
export function checkPagador(raw: unknown, prefix = 'pagador.'): PagadorCheck {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string): void => {
    errors[`${prefix}${field}`] = [...(errors[`${prefix}${field}`] ?? []), message];
  };
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, fieldErrors: { [prefix ? prefix.slice(0, -1) : 'pagador']: ['pagador must be an object'] } };
  }
  const input = raw as Record<string, unknown>;
  for (const key of Object.keys(input)) if (!FIELDS.includes(key)) add(key, `${key} is not a known field`);

  // undefined: not given; null: given but not text (already named, so not "required" too).
  const text = (field: string): string | null | undefined => {
    const value = input[field];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') {
      add(field, `${field} must be a string`);
      return null;
    }
    return value.trim();
  };

  const nombre = text('nombre');
  if (nombre === undefined) add('nombre', 'nombre is required');
  else if (nombre !== null && (nombre.length < 2 || nombre.length > 100)) add('nombre', 'nombre must be 2 to 100 characters long');

  const email = text('email');
  if (email === undefined) add('email', 'email is required');
  // The provider's own rule (kernel/email-address.ts): an address it refuses ("ana@correo.c", "ana..perez@...")
  // would reach it and be refused there, the buyer sent back to the page with nothing said.
  else if (email !== null && (email.length > 254 || !isEmailAddress(email))) add('email', 'email must be an email address');

  const telefonoRaw = text('telefono');
  const telefono = telefonoRaw === undefined || telefonoRaw === null ? null : telefonoRaw.replace(/[\s-]/g, '');
  if (telefono !== null && !/^\+?\d{7,15}$/.test(telefono)) add('telefono', 'telefono must be 7 to 15 digits, optionally with a leading +');

  const tipoPersona = input.tipoPersona;
  if (tipoPersona == null) add('tipoPersona', 'tipoPersona is required');
  else if (!oneOf(TIPOS_PERSONA, tipoPersona)) add('tipoPersona', 'tipoPersona must be one of natural, juridica');

  const tipoDocumento = input.tipoDocumento;
  if (tipoDocumento == null) add('tipoDocumento', 'tipoDocumento is required');
  else if (!oneOf(TIPOS_DOCUMENTO, tipoDocumento)) add('tipoDocumento', `tipoDocumento must be one of ${TIPOS_DOCUMENTO.join(', ')}`);
  else if (tipoPersona === 'juridica' && tipoDocumento !== 'NIT') add('tipoDocumento', 'a persona juridica pays with its NIT');

  const written = text('numeroDocumento');
  const numero = typeof written === 'string' ? documentNumber(tipoDocumento, written) : written;
  if (numero === undefined) add('numeroDocumento', 'numeroDocumento is required');
  else if (numero !== null && oneOf(TIPOS_DOCUMENTO, tipoDocumento)) {
    const { pattern, rule } = DOCUMENT_NUMBER[tipoDocumento];
    if (!pattern.test(numero)) add('numeroDocumento', `numeroDocumento must be ${rule}`);
    else if (tipoDocumento === 'NIT' && !isValidNit(numero)) {
      add('numeroDocumento', 'numeroDocumento: the NIT check digit (after the hyphen) is wrong');
    }
  }

  const banco = text('banco');
  if (banco === undefined) add('banco', 'banco is required');
  else if (banco !== null && !/^\d{4}$/.test(banco)) add('banco', 'banco must be the 4-digit codigo of a bank from GET /v1/pagos/bancos');

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    pagador: {
      nombre: nombre ?? '',
      email: email ?? '',
      telefono,
      tipoPersona: tipoPersona as TipoPersona,
      tipoDocumento: tipoDocumento as TipoDocumento,
      numeroDocumento: numero ?? '',
      banco: banco ?? '',
    },
  };
}
