// The provider's settlement report as providers and spreadsheets really write CSV (DESIGN.md 5.12b): every line is
// either read as the payment it is or refused with a reason naming what is wrong; a figure is never guessed at.
import { parseSettlementReport } from '../../src/settlement/domain/settlement-report.js';

const ok = (linea: number, referencia: string, monto: number, fecha = '2026-04-01') => ({ linea, referencia, monto, fecha });

describe('settlement report dialects', () => {
  it('a UTF-8 BOM, CRLF line ends, quoted fields, spaces around fields and an empty trailing line', () => {
    const report = parseSettlementReport('\uFEFFreferencia_proveedor,monto,fecha\r\n"int_a" , " 1500 ",2026-04-01\r\n  int_b,2000 , "2026-04-01"  \r\n\r\n');
    expect(report).toMatchObject({ lines: [ok(2, 'int_a', 1_500), ok(3, 'int_b', 2_000)], malformed: [] });
  });

  it('a header in another case and column order, with ";" between fields', () => {
    const report = parseSettlementReport('FECHA;Monto;Referencia_Proveedor\n2026-04-01;1500;int_a\n');
    expect(report).toMatchObject({ lines: [ok(2, 'int_a', 1_500)], malformed: [] });
  });

  it('counts line numbers in the file, blank lines before the header included', () => {
    const report = parseSettlementReport('\n\r\n  \nreferencia_proveedor,monto,fecha\nint_a,1500,2026-04-01\nint_b,1.500,2026-04-01\n');
    expect(report.lines).toEqual([ok(5, 'int_a', 1_500)]);
    expect(report.malformed.map((m) => m.linea)).toEqual([6]);
    // The identity of the report is unchanged by blank lines around it (a report imported before still repeats).
    expect(report.normalized).toBe(parseSettlementReport('referencia_proveedor,monto,fecha\nint_a,1500,2026-04-01\nint_b,1.500,2026-04-01').normalized);
  });

  it('whole pesos written with zero cents (".00", ",00", ".0") are those pesos', () => {
    const report = parseSettlementReport('int_a,150000.00,2026-04-01\nint_b,"150000,00",2026-04-01\nint_c,7.0,2026-04-01\n');
    expect(report).toMatchObject({ lines: [ok(1, 'int_a', 150_000), ok(2, 'int_b', 150_000), ok(3, 'int_c', 7)], malformed: [] });
  });

  it('refuses every figure a locale could read two ways, or with centavos, naming it', () => {
    const report = parseSettlementReport(
      ['int_a,"1.500",2026-04-01', 'int_b,"1,500",2026-04-01', 'int_c,1.500.000,2026-04-01', 'int_d,1500.50,2026-04-01', 'int_e,"1.500,00",2026-04-01', 'int_f,$1500,2026-04-01', 'int_g,1 500,2026-04-01', 'int_h,1500.000,2026-04-01'].join('\n'),
    );
    expect(report.lines).toEqual([]);
    expect(report.malformed.map((m) => [m.linea, m.detalle])).toEqual([
      [1, 'the amount 1.500 has a thousands separator or a decimal point; it must be whole pesos, digits only'],
      [2, 'the amount 1,500 has a thousands separator or a decimal point; it must be whole pesos, digits only'],
      [3, 'the amount 1.500.000 has a thousands separator or a decimal point; it must be whole pesos, digits only'],
      [4, 'the amount 1500.50 has centavos; it must be whole pesos'],
      [5, 'the amount 1.500,00 has a thousands separator or a decimal point; it must be whole pesos, digits only'],
      [6, 'the amount must be whole pesos, digits only'],
      [7, 'the amount must be whole pesos, digits only'],
      [8, 'the amount 1500.000 has a thousands separator or a decimal point; it must be whole pesos, digits only'],
    ]);
  });

  it('a Spanish spreadsheet row (";" between fields, "," in the figure) is split on ";" and its figure named', () => {
    const report = parseSettlementReport('int_a;1500,50;2026-04-01\nint_b;"1.500";2026-04-01\nint_c;2500;2026-04-01\n');
    expect(report.lines).toEqual([ok(3, 'int_c', 2_500)]);
    expect(report.malformed.map((m) => m.detalle)).toEqual([
      'the amount 1500,50 has centavos; it must be whole pesos',
      'the amount 1.500 has a thousands separator or a decimal point; it must be whole pesos, digits only',
    ]);
  });

  it('a date in another format is refused, not turned around', () => {
    const report = parseSettlementReport('int_a,1500,01/04/2026\nint_b,1500,2026/04/01\nint_c,1500,20260401\nint_d,1500,2026-04-01T00:00:00-05:00\n');
    expect(report.lines).toEqual([]);
    expect(report.malformed.map((m) => m.detalle)).toEqual(Array(4).fill('the date must be YYYY-MM-DD'));
  });

  it('an empty report and a report with only a header have no lines', () => {
    for (const text of ['', '\uFEFF', '\r\n\r\n', 'referencia_proveedor,monto,fecha\r\n', '\uFEFF"Referencia_Proveedor";"MONTO";"Fecha"\n\n']) {
      expect(parseSettlementReport(text)).toMatchObject({ lines: [], malformed: [] });
    }
  });
});
