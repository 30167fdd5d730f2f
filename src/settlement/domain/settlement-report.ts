// The provider's settlement report (DESIGN.md 5.12b): CSV, one row per payment: provider reference, gross amount in
// whole pesos, value date. A header row is optional; with one, columns may come in any order.
import { FIRST_DAY, isExistingDay } from '../../kernel/calendar-date.js';
import { ownEntry } from '../../kernel/own-entry.js';

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

/** The column a header cell names: only the table's own names (a cell "constructor" or "__proto__" names none). */
const columnNamed = (cell: string): Column | undefined => ownEntry(HEADER_NAMES, cell.toLowerCase());

const MAX_REFERENCE = 200;
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

// Each check names what is wrong with its field, not only the rule it broke: an operator fixes the file from it.
function referenceProblem(referencia: string): string | null {
  if (referencia === '') return 'the provider reference is empty';
  if (referencia.length > MAX_REFERENCE) return `the provider reference has ${referencia.length} characters, at most ${MAX_REFERENCE}`;
  return null;
}

/** "150000.00" or "150000,0": whole pesos with zero cents, which no locale can read otherwise (a thousands group has 3 digits). */
const ZERO_CENTS = /^(\d+)[.,]0{1,2}$/;

/** The amount in whole pesos as the line writes it: digits, or digits with ",00"/".00" cents (read as the same pesos). */
function amountDigits(monto: string): string {
  return ZERO_CENTS.exec(monto)?.[1] ?? monto;
}

function amountProblem(monto: string): string | null {
  if (monto === '') return 'the amount is empty';
  if (/^-\d/.test(monto)) return 'the amount is negative; it must be whole pesos, at least 1';
  if (/^\d+[.,]\d{1,2}$/.test(monto)) return `the amount ${monto} has centavos; it must be whole pesos`;
  // "1.500" is 1500 pesos in Colombia and 1,5 elsewhere: a figure with a separator is refused, never guessed at.
  if (/^\d+([.,]\d+)+$/.test(monto)) return `the amount ${monto} has a thousands separator or a decimal point; it must be whole pesos, digits only`;
  if (!/^\d+$/.test(monto)) return 'the amount must be whole pesos, digits only';
  // Charges go up to the largest whole number JavaScript holds exactly (MAX_MONTO's ceiling); past it a figure rounds.
  if (!Number.isSafeInteger(Number(monto))) return `the amount is too large: at most ${Number.MAX_SAFE_INTEGER} pesos`;
  if (Number(monto) < 1) return 'the amount is 0; it must be at least 1 peso';
  return null;
}

function dateProblem(fecha: string): string | null {
  if (fecha === '') return 'the date is empty';
  if (!DATE_SHAPE.test(fecha)) return 'the date must be YYYY-MM-DD';
  if (!isExistingDay(fecha)) return `the date ${fecha} does not exist`;
  if (fecha < FIRST_DAY) return `the date ${fecha} is before ${FIRST_DAY}, earlier than any payment`;
  return null;
}

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
  const columns = cells.map((cell) => columnNamed(cell));
  if (columns.some((c) => c === undefined)) return null;
  const named = columns as Column[];
  return new Set(named).size === 3 && named.length === 3 ? named : null;
}

/** The payment a row is, or what is wrong with it. */
function readLine(cells: string[], order: Column[]): Omit<ReportLine, 'linea'> | string {
  if (cells.length !== 3) return `expected 3 fields (reference, amount, date), found ${cells.length}`;
  const value = (column: Column): string => cells[order.indexOf(column)] ?? '';
  const referencia = value('referencia');
  const monto = amountDigits(value('monto'));
  const fecha = value('fecha');
  const problems = [referenceProblem(referencia), amountProblem(monto), dateProblem(fecha)].filter((p): p is string => p !== null);
  return problems.length > 0 ? problems.join('; ') : { referencia, monto: Number(monto), fecha };
}

/** What is wrong with a first row that names at least one column but is not a whole header; null if it names none. */
function headerProblem(cells: string[]): string | null {
  const columns = cells.map((cell) => columnNamed(cell));
  if (columns.every((c) => c === undefined)) return null;
  const unknown = cells.filter((cell, i) => columns[i] === undefined && cell !== '');
  const repeated = cells.filter((_, i) => columns[i] !== undefined && columns.indexOf(columns[i]) !== i);
  const missing = (['referencia_proveedor', 'monto', 'fecha'] as const).filter((name) => !columns.includes(HEADER_NAMES[name]));
  const said = [
    unknown.length > 0 ? `unknown column ${unknown.map((c) => `"${c}"`).join(', ')}` : '',
    cells.includes('') ? 'a column with no name' : '',
    repeated.length > 0 ? `column ${repeated.map((c) => `"${c}"`).join(', ')} named twice` : '',
    missing.length > 0 ? `no ${missing.join(', ')} column` : '',
  ].filter((s) => s !== '');
  return `the header must name the columns referencia_proveedor, monto and fecha, each once: ${said.join('; ')}`;
}

const SEPARATORS = [',', ';', '\t'] as const;

/** Double quotes in a row: an odd count leaves a quoted field open at the line's end. */
const countQuotes = (row: string): number => row.split('"').length - 1;

/** How many times a character separates fields in a row (outside double quotes). */
function countOutsideQuotes(row: string, separator: string): number {
  let quoted = false;
  let count = 0;
  for (const c of row) {
    if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) count++;
  }
  return count;
}

/**
 * A row that carries nothing: blank, or only separators and spaces (`,,`, `;;`), which spreadsheets export for the
 * empty rows of a sheet. It is skipped like a blank line, and counted for the line numbers of those after it.
 */
const isEmptyRow = (row: string): boolean => /^[\s,;]*$/.test(row);

export function parseSettlementReport(text: string): ParsedReport {
  const unified = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // The identity (hash) ignores blank lines and spaces around the text, as it always has; line numbers do not.
  const normalized = unified.trim();
  const rows = unified.split('\n');
  const first = rows.findIndex((row) => !isEmptyRow(row));
  // Spreadsheets set to Spanish write ';' between fields (and ',' in decimals), and their "text" exports a tab: take
  // whichever separates the first row's fields most often, outside quotes (',' on a tie).
  const firstRow = rows[first] ?? '';
  const separator = SEPARATORS.reduce((best, s) => (countOutsideQuotes(firstRow, s) > countOutsideQuotes(firstRow, best) ? s : best));
  let order: Column[] = ['referencia', 'monto', 'fecha'];
  const lines: ReportLine[] = [];
  const malformed: MalformedLine[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] ?? '';
    const linea = index + 1;
    if (isEmptyRow(row)) continue;
    // A quoted field with a line break in it (RFC 4180 allows it) is not read: the line and those the field runs into
    // are refused together, so no part of it is ever taken for a payment line of its own.
    if (countQuotes(row) % 2 === 1) {
      let end = index + 1;
      let quotes = countQuotes(row);
      while (end < rows.length && quotes % 2 === 1) quotes += countQuotes(rows[end++] ?? '');
      const last = end;
      malformed.push({
        linea,
        texto: rows.slice(index, end).join('\n'),
        detalle:
          quotes % 2 === 1
            ? `a quoted field opened on line ${linea} is never closed; lines ${linea} to ${last} were not read`
            : `a quoted field holds a line break (lines ${linea} to ${last}), which reports may not have; these lines were not read`,
      });
      index = end - 1;
      continue;
    }
    const cells = fields(row, separator);
    const header = headerOf(cells);
    if (header && index === first) {
      order = header;
      continue;
    }
    if (header) {
      malformed.push({ linea, texto: row, detalle: `the header is repeated here (it goes on the first line only); line ${linea} was not read as a payment` });
      continue;
    }
    const read = readLine(cells, order);
    if (typeof read !== 'string') lines.push({ linea, ...read });
    // A first row that names a column is a header gone wrong, whatever else it fails as a payment.
    else malformed.push({ linea, texto: row, detalle: (index === first ? headerProblem(cells) : null) ?? read });
  }
  return { lines, malformed, normalized };
}
