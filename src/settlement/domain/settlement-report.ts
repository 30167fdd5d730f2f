// The provider's settlement report (DESIGN.md 5.12b): CSV, one row per payment: provider reference, gross amount in
// whole pesos, value date. A header row is optional; with one, columns may come in any order.
import { isCalendarDate } from '../../kernel/calendar-date.js';

export interface ReportLine {
  /** 1-based line number in the file, for the operator to find it. */
  linea: number;
  referencia: string;
  monto: number;
  fecha: string;
}

export interface MalformedLine {
  linea: number;
  texto: string;
  detalle: string;
}

export interface ParsedReport {
  lines: ReportLine[];
  malformed: MalformedLine[];
  /** The report's text with line ends and a byte-order mark normalised: what identifies it (its hash). */
  normalized: string;
}

type Column = 'referencia' | 'monto' | 'fecha';

const HEADER_NAMES: Record<string, Column> = {
  referencia_proveedor: 'referencia',
  referencia: 'referencia',
  reference: 'referencia',
  monto: 'monto',
  amount: 'monto',
  fecha: 'fecha',
  fecha_valor: 'fecha',
  date: 'fecha',
};

const AMOUNT = /^\d{1,13}$/;

/** Splits one CSV line; double quotes enclose a field, "" inside them is a quote. */
function fields(line: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      out.push(current.trim());
      current = '';
    } else current += c;
  }
  out.push(current.trim());
  return out;
}

function headerOf(cells: string[]): Column[] | null {
  const columns = cells.map((cell) => HEADER_NAMES[cell.toLowerCase()]);
  if (columns.some((c) => c === undefined)) return null;
  const named = columns as Column[];
  return new Set(named).size === 3 && named.length === 3 ? named : null;
}

export function parseSettlementReport(text: string): ParsedReport {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
  const rows = normalized.split('\n');
  // Spreadsheets set to Spanish write ';' between fields: take whichever the first row uses.
  const separator = (rows[0] ?? '').includes(';') && !(rows[0] ?? '').includes(',') ? ';' : ',';
  let order: Column[] = ['referencia', 'monto', 'fecha'];
  const lines: ReportLine[] = [];
  const malformed: MalformedLine[] = [];
  rows.forEach((row, index) => {
    const linea = index + 1;
    if (row.trim() === '') return;
    const cells = fields(row, separator);
    if (index === 0) {
      const header = headerOf(cells);
      if (header) {
        order = header;
        return;
      }
    }
    if (cells.length !== 3) {
      malformed.push({ linea, texto: row, detalle: `expected 3 fields (reference, amount, date), found ${cells.length}` });
      return;
    }
    const value = (column: Column): string => cells[order.indexOf(column)] ?? '';
    const referencia = value('referencia');
    const monto = value('monto');
    const fecha = value('fecha');
    const problems: string[] = [];
    if (referencia === '' || referencia.length > 200) problems.push('the provider reference must be 1 to 200 characters');
    if (!AMOUNT.test(monto) || Number(monto) < 1) problems.push('the amount must be whole pesos, digits only, at least 1');
    if (!isCalendarDate(fecha)) problems.push('the date must be YYYY-MM-DD');
    if (problems.length > 0) malformed.push({ linea, texto: row, detalle: problems.join('; ') });
    else lines.push({ linea, referencia, monto: Number(monto), fecha });
  });
  return { lines, malformed, normalized };
}
