// POST /internal/conciliaciones through the real servers: a report with a deliberately wrong line, imported twice.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge, failCharge, recordRefund } from '../support/outcomes.js';
import { pasarelaOps } from '../support/cli.js';
import { bogotaDate } from '../../src/kernel/bogota.js';

describe('reconciliation with the provider settlement report', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  let n = 0;
  const charges: Record<string, { id: string; ref: string }> = {};

  const create = async (monto: number): Promise<string> => {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: shop.apiKey,
      headers: { 'idempotency-key': `rec-${++n}` },
      body: { merchantId: shop.merchantId, monto, moneda: 'COP', referencia: `REC-${n}` },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  };
  const importReport = (reporte: string) => http('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: gw.operatorToken, body: { reporte } });
  /** The references read model follows the events by a moment: until a charge's reference is in it, no line finds it. */
  const projected = (ref: string) =>
    waitUntil(() => gw.infra.dataSource.query('SELECT 1 FROM provider_references WHERE referencia_proveedor = $1', [ref]), (rows) => rows.length === 1, 10_000);
  const estado = async (id: string): Promise<string> => (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: shop.apiKey })).body.estado;

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw);
    for (const [name, monto] of [['uno', 150_000], ['dos', 42_000], ['caro', 80_000], ['fallido', 10_000], ['devuelto', 9_000]] as const) {
      const id = await create(monto);
      const ref = name === 'fallido' ? await failCharge(gw, id, { method: 'pse' }) : await approveCharge(gw, id, { method: 'pse' });
      charges[name] = { id, ref };
    }
    await recordRefund(gw, charges.devuelto!.id);
    charges.pendiente = { id: await create(5_000), ref: 'sin-referencia' };
    // The references read model follows the events by a moment.
    await waitUntil(() => gw.infra.dataSource.query('SELECT count(*)::int AS n FROM provider_references'), (rows) => rows[0].n === 5, 10_000);
  });
  afterAll(() => gw.close());

  const report = (): string =>
    [
      'referencia_proveedor,monto,fecha',
      `${charges.uno!.ref},150000,2026-11-20`,
      `${charges.dos!.ref},42000,2026-11-20`,
      `${charges.caro!.ref},8000,2026-11-20`, // the wrong line: 8.000 where the charge is 80.000
      'sbx-desconocida-0001,12000,2026-11-20',
      `${charges.fallido!.ref},10000,2026-11-20`,
      `${charges.devuelto!.ref},9000,2026-11-20`,
      `${charges.uno!.ref},150000,2026-11-20`,
      'basura;sin;formato,12.000,20/11/2026',
      '',
    ].join('\r\n');

  it('reconciles the matching aprobado charges and reports each mismatch with its reason', async () => {
    const answer = await importReport(report());
    expect(answer.status).toBe(200);
    expect(answer.body.reporte).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(answer.body.repetidoDe).toBeNull();
    expect(answer.body.lineas).toBe(8);
    expect(answer.body.conciliados.map((l: { pagoId: string }) => l.pagoId)).toEqual([charges.uno!.id, charges.dos!.id]);
    expect(answer.body.yaConciliados).toEqual([]);
    expect(answer.body.diferencias).toEqual([
      { linea: 4, referenciaProveedor: charges.caro!.ref, monto: 8_000, fecha: '2026-11-20', motivo: 'monto_distinto', pagoId: charges.caro!.id, montoPago: 80_000 },
      { linea: 5, referenciaProveedor: 'sbx-desconocida-0001', monto: 12_000, fecha: '2026-11-20', motivo: 'referencia_desconocida' },
      { linea: 6, referenciaProveedor: charges.fallido!.ref, monto: 10_000, fecha: '2026-11-20', motivo: 'estado_no_aprobado', pagoId: charges.fallido!.id, estadoPago: 'fallido' },
      { linea: 7, referenciaProveedor: charges.devuelto!.ref, monto: 9_000, fecha: '2026-11-20', motivo: 'estado_no_aprobado', pagoId: charges.devuelto!.id, estadoPago: 'reembolsado' },
      { linea: 8, referenciaProveedor: charges.uno!.ref, monto: 150_000, fecha: '2026-11-20', motivo: 'referencia_repetida', primeraLinea: 2 },
      expect.objectContaining({ linea: 9, motivo: 'linea_invalida', texto: 'basura;sin;formato,12.000,20/11/2026' }),
    ]);
    expect(await estado(charges.uno!.id)).toBe('conciliado');
    expect(await estado(charges.dos!.id)).toBe('conciliado');
    expect(await estado(charges.caro!.id)).toBe('aprobado');
    expect(await estado(charges.pendiente!.id)).toBe('pendiente');
  });

  it('importing the same report again changes nothing and says which import it repeats', async () => {
    const before = await http('GET', `${gw.adminUrl}/internal/pagos/${charges.uno!.id}/eventos`, { token: gw.operatorToken });
    const first = await gw.infra.dataSource.query('SELECT id FROM settlement_report_imports');
    const answer = await importReport(report());
    expect(answer.status).toBe(200);
    expect(answer.body.repetidoDe).toEqual({ importacion: first[0].id, importadoEn: expect.any(String) });
    expect(answer.body.conciliados).toEqual([]);
    expect(answer.body.yaConciliados.map((l: { pagoId: string }) => l.pagoId)).toEqual([charges.uno!.id, charges.dos!.id]);
    expect(answer.body.diferencias).toHaveLength(6);
    const after = await http('GET', `${gw.adminUrl}/internal/pagos/${charges.uno!.id}/eventos`, { token: gw.operatorToken });
    expect(after.body.eventos).toHaveLength(before.body.eventos.length);
  });

  it('records the reconciliation in the stream with the operator as actor and the report as cause', async () => {
    const history = await http('GET', `${gw.adminUrl}/internal/pagos/${charges.dos!.id}/eventos`, { token: gw.operatorToken });
    const reconciled = history.body.eventos.at(-1);
    expect(reconciled.tipo).toBe('ChargeReconciled');
    expect(reconciled.datos).toMatchObject({ valueDate: '2026-11-20', reportId: expect.stringMatching(/^sha256:/) });
    expect(reconciled.metadata.actor).toEqual({ type: 'operator', id: 'operator-token' });
    expect(reconciled.metadata.causationId).toBe(reconciled.datos.reportId);
  });

  it('a conciliado charge keeps its settlement', async () => {
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${charges.uno!.id}/liquidacion`, { token: shop.apiKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ estadoPago: 'conciliado', bruto: 150_000 });
  });

  it('takes ";" as the separator and columns in any order when a header names them', async () => {
    const id = await create(33_000);
    const ref = await approveCharge(gw, id, { method: 'tarjeta' });
    await projected(ref);
    const answer = await importReport(`\uFEFFfecha;monto;referencia_proveedor\n2026-11-21;33000;${ref}\n`);
    expect(answer.body.conciliados).toEqual([{ linea: 2, referenciaProveedor: ref, monto: 33_000, fecha: '2026-11-21', pagoId: id }]);
  });

  it("reads a spreadsheet's Unicode text export through pasarela-ops: UTF-16 with its byte-order mark, tabs between fields", async () => {
    const id = await create(27_000);
    const ref = await approveCharge(gw, id, { method: 'pse' });
    await projected(ref);
    const text = `referencia_proveedor\tmonto\tfecha\r\n${ref}\t27000\t2026-11-21\r\nsbx-tab-desconocida\t1500,00\t2026-11-21\r\n`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'conciliacion-'));
    const little = path.join(dir, 'reporte-le.txt');
    writeFileSync(little, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const run = await pasarelaOps(gw, ['charges', 'reconcile', little, '--json']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const answer = JSON.parse(run.stdout);
    expect(answer.conciliados).toEqual([{ linea: 2, referenciaProveedor: ref, monto: 27_000, fecha: '2026-11-21', pagoId: id }]);
    expect(answer.diferencias).toEqual([{ linea: 3, referenciaProveedor: 'sbx-tab-desconocida', monto: 1_500, fecha: '2026-11-21', motivo: 'referencia_desconocida' }]);
    // Big-endian, the same text: the same report (its identity is the text, not the bytes), so a repeat.
    const big = path.join(dir, 'reporte-be.txt');
    writeFileSync(big, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    const again = await pasarelaOps(gw, ['charges', 'reconcile', big, '--json']);
    expect(JSON.parse(again.stdout)).toMatchObject({ reporte: answer.reporte, repetidoDe: { importacion: answer.importacion }, yaConciliados: [{ pagoId: id }] });
  });

  it('pasarela-ops charges reconcile <file.csv> sends the file and prints the mismatches', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'conciliacion-')), 'reporte.csv');
    writeFileSync(file, `${charges.uno!.ref},150000,2026-11-20\nsbx-otra-desconocida,5000,2026-11-20\n`);
    const run = await pasarelaOps(gw, ['charges', 'reconcile', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('2 lines, 0 reconciled, 1 already reconciled, 1 mismatch.');
    expect(run.stdout).toMatch(/2\s+referencia_desconocida\s+sbx-otra-desconocida\s+5000/);
  });

  it('the same report again reconciles a payment approved here since the first import, and pasarela-ops says so', async () => {
    const id = await create(18_000);
    const ref = `int_tarde_${n}`;
    const fecha = bogotaDate(new Date());
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'conciliacion-')), 'reporte.csv');
    writeFileSync(file, `referencia_proveedor,monto,fecha\n${ref},18000,${fecha}\n`);
    // The provider's report names a payment whose notice has not reached the gateway yet: unknown here, for now.
    const first = await pasarelaOps(gw, ['charges', 'reconcile', file, '--json']);
    expect(JSON.parse(first.stdout).diferencias).toEqual([{ linea: 2, referenciaProveedor: ref, monto: 18_000, fecha, motivo: 'referencia_desconocida' }]);
    await approveCharge(gw, id, { method: 'pse', providerReference: ref });
    await projected(ref);
    const again = await pasarelaOps(gw, ['charges', 'reconcile', file]);
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(again.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/: 1 line, 1 reconciled, 0 already reconciled, 0 mismatches\.$/),
      expect.stringMatching(/^The same report was imported before \(.+\): 1 line was reconciled only now \(not approved here yet at the first import\)\.$/),
    ]);
    expect(await estado(id)).toBe('conciliado');
    // A third time nothing is new, and it says that.
    expect((await pasarelaOps(gw, ['charges', 'reconcile', file])).stdout).toContain('nothing new was reconciled.');
  });

  it("imports a busy day's report, over the API's 100 kB, through the CLI; other operator routes keep 100 kB", async () => {
    const id = await create(61_000);
    const ref = await approveCharge(gw, id, { method: 'pse' });
    await projected(ref);
    // 3,001 payments of ~45 bytes: some 135 kB, a modest day for a provider (100 kB stopped at about 2,200).
    const lines = ['referencia_proveedor,monto,fecha', `${ref},61000,2026-11-20`];
    for (let i = 0; i < 3_000; i++) lines.push(`int_${String(i).padStart(22, '0')},${10_000 + i},2026-11-20`);
    const csv = `${lines.join('\n')}\n`;
    expect(Buffer.byteLength(JSON.stringify({ reporte: csv }))).toBeGreaterThan(100 * 1024);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'conciliacion-')), 'dia.csv');
    writeFileSync(file, csv);
    const run = await pasarelaOps(gw, ['charges', 'reconcile', file], { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('3001 lines, 1 reconciled, 0 already reconciled, 3000 mismatches.');
    expect(await estado(id)).toBe('conciliado');
    // The limit is the report route's own (16 MB), said in the 413; every other route keeps the API's 100 kB.
    const huge = await importReport('x'.repeat(17 * 1024 * 1024));
    expect([huge.status, huge.body.code, huge.body.message]).toEqual([413, 'payload_too_large', 'Request body is larger than 16 MB']);
    const tariff = await http('PUT', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/tarifa`, { token: gw.operatorToken, body: { x: csv } });
    expect([tariff.status, tariff.body.message]).toEqual([413, 'Request body is larger than 100 kB']);
  }, 90_000);

  it('reports a line dated on a day that does not exist (month 13, year 0) as invalid, not a 500', async () => {
    const answer = await importReport('sbx-no-existe-13,1000,2026-13-01\nsbx-no-existe-00,1000,0000-01-01\n');
    expect(answer.status).toBe(200);
    expect(answer.body.diferencias.map((d: { linea: number; motivo: string }) => [d.linea, d.motivo])).toEqual([
      [1, 'linea_invalida'],
      [2, 'linea_invalida'],
    ]);
  });

  it('names what is wrong with each field of an invalid line, and with a header gone wrong', async () => {
    const detalles = async (csv: string): Promise<Array<[number, string]>> => {
      const answer = await importReport(csv);
      expect(answer.status).toBe(200);
      return answer.body.diferencias.map((d: { linea: number; detalle: string }) => [d.linea, d.detalle]);
    };
    const lines: Array<[string, string]> = [
      [`,1000,2026-11-20`, 'the provider reference is empty'],
      [`sbx-${'x'.repeat(197)},1000,2026-11-20`, 'the provider reference has 201 characters, at most 200'],
      ['sbx-a,,2026-11-20', 'the amount is empty'],
      ['sbx-a,12345678901234567890,2026-11-20', 'the amount is too large: at most 9007199254740991 pesos'],
      ['sbx-a,0,2026-11-20', 'the amount is 0; it must be at least 1 peso'],
      ['sbx-a,-500,2026-11-20', 'the amount is negative; it must be whole pesos, at least 1'],
      ['sbx-a,1500.50,2026-11-20', 'the amount 1500.50 has centavos; it must be whole pesos'],
      ['sbx-a,1.500.000,2026-11-20', 'the amount 1.500.000 has a thousands separator or a decimal point; it must be whole pesos, digits only'],
      ['sbx-a,$1500,2026-11-20', 'the amount must be whole pesos, digits only'],
      ['sbx-a,1000,', 'the date is empty'],
      ['sbx-a,1000,20/11/2026', 'the date must be YYYY-MM-DD'],
      ['sbx-a,1000,2026-02-30', 'the date 2026-02-30 does not exist'],
      ['sbx-a,1000,2026-13-01', 'the date 2026-13-01 does not exist'],
      ['sbx-a,1000,1969-12-31', 'the date 1969-12-31 is before 1970-01-01, earlier than any payment'],
      ['sbx-a,1000,2026-11-20,x', 'expected 3 fields (reference, amount, date), found 4'],
      [',0,2026-02-29', 'the provider reference is empty; the amount is 0; it must be at least 1 peso; the date 2026-02-29 does not exist'],
    ];
    expect(await detalles(`referencia_proveedor,monto,fecha\n${lines.map(([line]) => line).join('\n')}\n`)).toEqual(
      lines.map(([, detalle], i) => [i + 2, detalle]),
    );
    // A header with a misspelt, repeated or missing column is said to be one, not judged as a payment.
    expect(await detalles('referencia_proveedor,monto,fecha_pago\n')).toEqual([
      [1, 'the header must name the columns referencia_proveedor, monto and fecha, each once: unknown column "fecha_pago"; no fecha column'],
    ]);
    expect(await detalles('referencia,monto,monto\n')).toEqual([
      [1, 'the header must name the columns referencia_proveedor, monto and fecha, each once: column "monto" named twice; no fecha column'],
    ]);
    // A column named like what every object inherits is a column like any other unknown one, never taken for a name.
    expect(await detalles('referencia_proveedor,monto,constructor\n')).toEqual([
      [1, 'the header must name the columns referencia_proveedor, monto and fecha, each once: unknown column "constructor"; no fecha column'],
    ]);
    expect(await detalles('__proto__,monto,fecha\n')).toEqual([
      [1, 'the header must name the columns referencia_proveedor, monto and fecha, each once: unknown column "__proto__"; no referencia_proveedor column'],
    ]);
    expect(await detalles('referencia_proveedor,monto,fecha,Constructor\n')).toEqual([
      [1, 'the header must name the columns referencia_proveedor, monto and fecha, each once: unknown column "Constructor"'],
    ]);
    // A 16-digit amount is still whole pesos (a charge may be that large): it is read, and matches no charge.
    const largest = await importReport(`sbx-grande,${Number.MAX_SAFE_INTEGER},2026-11-20\n`);
    expect(largest.body.diferencias).toEqual([
      { linea: 1, referenciaProveedor: 'sbx-grande', monto: Number.MAX_SAFE_INTEGER, fecha: '2026-11-20', motivo: 'referencia_desconocida' },
    ]);
  });

  // A spreadsheet exports its empty rows as separators only: they carry nothing, so they are skipped like blank lines,
  // and still counted, so the lines after them keep their numbers in the file.
  it('skips rows of separators only (",,", ";;") like blank lines, keeping the line numbers of the others', async () => {
    const semicolons = await importReport(
      [';;', 'referencia_proveedor;monto;fecha', 'sbx-vacias-1;1000;2026-11-20', ';;', ' ; ; ', 'sbx-vacias-2;0;2026-11-20', ';;', ';;', ''].join('\r\n'),
    );
    expect(semicolons.status).toBe(200);
    expect(semicolons.body.lineas).toBe(2);
    expect(semicolons.body.diferencias).toEqual([
      { linea: 3, referenciaProveedor: 'sbx-vacias-1', monto: 1_000, fecha: '2026-11-20', motivo: 'referencia_desconocida' },
      expect.objectContaining({ linea: 6, motivo: 'linea_invalida', detalle: 'the amount is 0; it must be at least 1 peso' }),
    ]);
    const commas = await importReport(['sbx-vacias-3,1000,2026-11-20', ',,', ',,', 'sbx-vacias-4,1000,2026-11-21', ',,'].join('\n'));
    expect(commas.body.diferencias.map((d: { linea: number; motivo: string }) => [d.linea, d.motivo])).toEqual([
      [1, 'referencia_desconocida'],
      [4, 'referencia_desconocida'],
    ]);
    // A report of empty rows only has no lines, as a blank one.
    expect((await importReport(',,\n,,\n')).body.message.fieldErrors).toEqual({ reporte: ['the report has no lines'] });
  });

  it('refuses an empty report and a body that is not one', async () => {
    expect((await importReport('\n\n')).body.message.fieldErrors).toHaveProperty('reporte');
    expect((await http('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: gw.operatorToken, body: {} })).status).toBe(400);
  });

  it('names an empty report beside an unknown field in one 400', async () => {
    const answer = await http('POST', `${gw.adminUrl}/internal/conciliaciones`, {
      token: gw.operatorToken,
      body: { reporte: 'referencia_proveedor,monto,fecha\n', fecha: '2026-11-20' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual({
      formErrors: [],
      fieldErrors: { reporte: ['the report has no lines'], fecha: ['fecha is not a known field'] },
    });
  });

  it('is the operator\'s: a merchant key gets 401', async () => {
    expect((await http('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: shop.apiKey, body: { reporte: 'a,1,2026-01-01' } })).status).toBe(401);
  });
});
