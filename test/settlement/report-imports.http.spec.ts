// The record of settlement report imports, read back by the operator (docs/settlement.md, "Reconciliation"):
// GET /internal/conciliaciones (newest first, cursor-paged, conHallazgos) and GET /internal/conciliaciones/{id} (the
// answer as it was given), and `pasarela-ops charges imports` / `charges import <importId>`. The imports go through the
// real flow: charges the sandbox approved, its report of the day read from the provider and imported as it is, then
// edited (an unknown line; a line moved to another day).
import { randomUUID } from 'node:crypto';
import { createCharge, estadoOf, eventually, operator } from '../checkout/paying.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { pasarelaOps } from '../support/cli.js';


describe('the settlement report imports, read back', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const otherDay = '2020-01-02';
  /** The answers of the three imports, oldest first: clean, one difference, one observation. */
  let clean: any;
  let withDifference: any;
  let withObservation: any;
  const refs: string[] = [];

  const list = (query = '') => operator(gw, 'GET', `/internal/conciliaciones${query}`);
  const importReport = async (reporte: string) => {
    const answer = await operator(gw, 'POST', '/internal/conciliaciones', { reporte });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** What the listing says of an import: its answer summed up, its lists counted. */
  const summary = (answer: any, fechas: string[]) => ({
    importacion: answer.importacion,
    reporte: answer.reporte,
    importadoEn: answer.importadoEn,
    importadoPor: { type: 'operator', id: 'operator-token' },
    repetidoDe: answer.repetidoDe,
    lineas: answer.lineas,
    fechas,
    conciliados: answer.conciliados.length,
    yaConciliados: answer.yaConciliados.length,
    diferencias: answer.diferencias.length,
    observaciones: answer.observaciones.length,
  });
  const ids = (page: { data: Array<{ importacion: string }> }) => page.data.map((i) => i.importacion);

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw);
    for (const monto of [61_000, 72_500]) {
      const { id } = await createCharge(gw, shop, { monto });
      expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
      expect(await eventually(() => estadoOf(gw, shop, id), (estado) => estado === 'aprobado', 15_000)).toBe('aprobado');
    }
    await eventually(
      () => gw.infra.dataSource.query('SELECT count(*)::int AS n FROM provider_references'),
      (rows: Array<{ n: number }>) => rows[0]!.n === 2,
      10_000,
    );
    const report = (await operator(gw, 'GET', `/internal/conciliaciones/reportes/${today}`)).text;
    const rows = report.trimEnd().split('\n');
    expect(rows).toHaveLength(3);
    refs.push(...rows.slice(1).map((row) => row.split(',')[0]!));

    clean = await importReport(report);
    expect([clean.conciliados.length, clean.diferencias.length, clean.observaciones.length]).toEqual([2, 0, 0]);
    withDifference = await importReport(`${report}sbx-desconocida-imp,5000,${today}\n`);
    expect([withDifference.yaConciliados.length, withDifference.diferencias.length, withDifference.observaciones.length]).toEqual([2, 1, 0]);
    withObservation = await importReport(`${rows[0]}\n${rows[1]!.replace(today, otherDay)}\n`);
    expect([withObservation.yaConciliados.length, withObservation.diferencias.length, withObservation.observaciones.length]).toEqual([1, 0, 1]);
  });
  afterAll(() => gw.close());

  it('lists every import newest first, each with who, when, the report and its counts', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: [summary(withObservation, [otherDay]), summary(withDifference, [today]), summary(clean, [today])],
      nextCursor: null,
    });
  });

  it('pages with limit and the nextCursor of the previous page, to the end', async () => {
    const first = await list('?limit=1');
    expect(ids(first.body)).toEqual([withObservation.importacion]);
    const second = await list(`?limit=1&cursor=${first.body.nextCursor}`);
    expect(ids(second.body)).toEqual([withDifference.importacion]);
    const third = await list(`?limit=1&cursor=${second.body.nextCursor}`);
    expect(ids(third.body)).toEqual([clean.importacion]);
    expect(third.body.nextCursor).toBeNull();

    const two = await list('?limit=2');
    expect(ids(two.body)).toEqual([withObservation.importacion, withDifference.importacion]);
    const rest = await list(`?limit=2&cursor=${two.body.nextCursor}`);
    expect(rest.body).toEqual({ data: [summary(clean, [today])], nextCursor: null });
  });

  it('conHallazgos=true keeps the imports with a difference or an observation, paged the same', async () => {
    expect(ids((await list('?conHallazgos=true')).body)).toEqual([withObservation.importacion, withDifference.importacion]);
    expect(ids((await list('?conHallazgos=false')).body)).toEqual([withObservation.importacion, withDifference.importacion, clean.importacion]);
    const first = await list('?conHallazgos=true&limit=1');
    expect(ids(first.body)).toEqual([withObservation.importacion]);
    const second = await list(`?conHallazgos=true&limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body).toEqual({ data: [summary(withDifference, [today])], nextCursor: null });
  });

  it('answers one import as it answered the import', async () => {
    for (const answer of [clean, withDifference, withObservation]) {
      const one = await operator(gw, 'GET', `/internal/conciliaciones/${answer.importacion}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual(answer);
    }
    const upper = await operator(gw, 'GET', `/internal/conciliaciones/${withDifference.importacion.toUpperCase()}`);
    expect(upper.body).toEqual(withDifference);
  });

  it('an unknown or malformed id is a 404 with the usual error body', async () => {
    const usual = await operator(gw, 'GET', `/internal/merchants/${randomUUID()}/entregas`);
    expect(usual.body).toMatchObject({ statusCode: 404, code: 'not_found', message: 'Merchant not found' });
    for (const id of [randomUUID(), 'no-es-un-uuid', '12345']) {
      const answer = await operator(gw, 'GET', `/internal/conciliaciones/${id}`);
      expect([id, answer.status, answer.body]).toEqual([id, 404, { ...usual.body, message: 'Import not found' }]);
    }
  });

  it('a bad query is a 400 in the validation shape, naming each field', async () => {
    // The body of every 400 of the operator API, here a delivery listing's.
    const { message: _, ...usual } = (await operator(gw, 'GET', `/internal/merchants/${shop.merchantId}/entregas?limit=0`)).body;
    expect(usual).toMatchObject({ statusCode: 400 });
    const answer = await list('?limit=0&conHallazgos=si&cursor=no-es-un-cursor&desde=2026-01-01');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      ...usual,
      message: {
        formErrors: [],
        fieldErrors: {
          limit: ['limit must be a whole number from 1 to 100'],
          conHallazgos: ['conHallazgos must be true or false'],
          cursor: ['cursor is not valid: pass the nextCursor of the previous page as it is'],
          desde: ['desde is not a known field'],
        },
      },
    });
    // A cursor that decodes, but to a position no page gives (not a time and an id).
    const forged = Buffer.from(JSON.stringify(['ayer', 'x'])).toString('base64url');
    expect((await list(`?cursor=${forged}`)).body.message.fieldErrors).toEqual({ cursor: [expect.stringMatching(/^cursor is not valid/)] });
    expect((await list('?limit=101')).status).toBe(400);
    expect((await list('?conHallazgos=true&conHallazgos=false')).status).toBe(400);
  });

  it("is the operator's: a merchant key gets 401", async () => {
    for (const route of ['', `/${clean.importacion}`]) {
      const answer = await http('GET', `${gw.adminUrl}/internal/conciliaciones${route}`, { token: shop.apiKey });
      expect([route, answer.status]).toEqual([route, 401]);
    }
  });

  describe('pasarela-ops', () => {
    const ops = (args: string[]) => pasarelaOps(gw, args);

    it('charges imports prints a table of the imports, newest first; --con-hallazgos only those with findings', async () => {
      const run = await ops(['charges', 'imports']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^IMPORTACION\s+IMPORTADO\s+FECHAS\s+LINEAS\s+CONCILIADOS\s+YA CONCILIADOS\s+DIFERENCIAS\s+OBSERVACIONES$/);
      expect(lines.slice(1)).toEqual([
        expect.stringMatching(new RegExp(`^${withObservation.importacion}\\s+${withObservation.importadoEn}\\s+${otherDay}\\s+1\\s+0\\s+1\\s+0\\s+1$`)),
        expect.stringMatching(new RegExp(`^${withDifference.importacion}\\s+${withDifference.importadoEn}\\s+${today}\\s+3\\s+0\\s+2\\s+1\\s+0$`)),
        expect.stringMatching(new RegExp(`^${clean.importacion}\\s+${clean.importadoEn}\\s+${today}\\s+2\\s+2\\s+0\\s+0\\s+0$`)),
      ]);

      const findings = await ops(['charges', 'imports', '--con-hallazgos']);
      expect(findings.code).toBe(0);
      expect(findings.stdout).toContain(withObservation.importacion);
      expect(findings.stdout).toContain(withDifference.importacion);
      expect(findings.stdout).not.toContain(clean.importacion);
    });

    it('charges imports pages with --limit and --cursor, and says how to get the next page', async () => {
      const first = await ops(['charges', 'imports', '--limit', '2']);
      expect(first.code).toBe(0);
      const cursor = /--cursor (\S+)/.exec(first.stdout)?.[1];
      expect(first.stdout).toContain(withDifference.importacion);
      expect(first.stdout).not.toContain(clean.importacion);
      const rest = await ops(['charges', 'imports', '--limit', '2', '--cursor', cursor!]);
      expect(rest.code).toBe(0);
      expect(rest.stdout).toContain(clean.importacion);
      expect(rest.stdout).not.toContain('--cursor');
    });

    it('charges imports --json prints the page as the API answers it', async () => {
      const run = await ops(['--json', 'charges', 'imports', '--con-hallazgos']);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual((await list('?conHallazgos=true')).body);
    });

    it('charges import <importId> prints the import as answered: the summary, the mismatches and the findings', async () => {
      const run = await ops(['charges', 'import', withDifference.importacion]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain(`Import ${withDifference.importacion} at ${withDifference.importadoEn}`);
      expect(run.stdout).toContain('3 lines, 0 reconciled, 2 already reconciled, 1 mismatch.');
      expect(run.stdout).toMatch(/4\s+referencia_desconocida\s+sbx-desconocida-imp\s+5000/);

      const observed = await ops(['charges', 'import', withObservation.importacion]);
      expect(observed.stdout).toContain("1 reconciled line is dated on another day than the charge's approval:");
      expect(observed.stdout).toMatch(new RegExp(`2\\s+fecha_distinta\\s+${refs[0]}\\s+\\d+\\s+report ${otherDay}, charge \\S+ approved ${today}`));

      expect(JSON.parse((await ops(['--json', 'charges', 'import', clean.importacion])).stdout)).toEqual(clean);
    });

    it('charges import refuses a malformed id before any call, and says an unknown one is not found', async () => {
      const malformed = await ops(['charges', 'import', 'no-es-un-uuid']);
      expect(malformed).toMatchObject({ code: 2, stdout: '' });
      expect(malformed.stderr).toMatch(/^pasarela-ops: importId must be a UUID/);
      const unknown = await ops(['charges', 'import', randomUUID()]);
      expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: 'pasarela-ops: Import not found (HTTP 404, not_found)\n' });
      expect((await ops(['charges', 'imports', '--limit', '0'])).code).toBe(2);
      expect((await ops(['charges', 'reconcile', '--con-hallazgos', 'x.csv'])).stderr).toMatch(/--con-hallazgos goes with charges imports/);
    });
  });

  it('an import recorded before observaciones existed lists them as null and answers without them', async () => {
    const { observaciones: _, ...old } = { ...clean, importacion: randomUUID(), importadoEn: '2026-01-05T14:00:00.000Z' };
    await gw.infra.dataSource.query(
      `INSERT INTO settlement_report_imports (id, report_hash, imported_at, actor, lines, reconciled, mismatches, result)
       VALUES ($1, $2, $3, '{"type":"operator","id":"operator-token"}', 2, 2, 0, $4)`,
      [old.importacion, old.reporte, old.importadoEn, JSON.stringify(old)],
    );
    const page = await list('?limit=100');
    expect(page.body.data.at(-1)).toEqual({ ...summary({ ...old, observaciones: [] }, [today]), observaciones: null });
    expect((await list('?conHallazgos=true')).body.data.map((i: { importacion: string }) => i.importacion)).not.toContain(old.importacion);
    expect((await operator(gw, 'GET', `/internal/conciliaciones/${old.importacion}`)).body).toEqual(old);
  });
});
