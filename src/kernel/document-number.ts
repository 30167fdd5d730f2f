// A Colombian identity document's number as people read it, for display only: the number is kept and sent as
// digits (the checkout takes it with or without the dots, src/checkout/domain/pagador.ts).

/** Thousands dots between groups of three digits: 1020304050 -> 1.020.304.050. */
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Types whose number is a figure people write with thousands dots (a cédula, a foreigner's cédula, a minor's ids). */
const GROUPED_TYPES = new Set(['CC', 'CE', 'TI', 'RC']);

/**
 * `numero` of a document of type `tipo` as a Colombian reads it: a cédula's digits with thousands dots
 * (1.020.304.050), a NIT's before its check digit (900.123.456-8). A number with letters (a CE may have them, a
 * passport), or of any other type, is shown as written.
 */
export function formatDocumentNumber(tipo: string, numero: string): string {
  if (tipo === 'NIT') {
    const nit = /^(\d+)-(\d)$/.exec(numero);
    return nit ? `${grouped(nit[1] ?? '')}-${nit[2]}` : numero;
  }
  return GROUPED_TYPES.has(tipo) && /^\d+$/.test(numero) ? grouped(numero) : numero;
}
