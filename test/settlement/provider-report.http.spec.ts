// The provider's settlement report of a date (the sandbox plays the provider), fetched by the operator and imported:
// reconciliation end to end, with charges the sandbox really approved.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge } from '../webhooks/support/webhooks.js';
import { pasarelaOps } from '../support/cli.js';

const until = async (what: string, check: () => Promise<boolean>): Promise<void> => {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not reached`);
};

describe("the provider's settlement report", () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const approved: Array<{ id: string; monto: number }> = [];
  let failed = '';

  const operator = (method: string, route: string, body?: unknown) => http(method, `${gw.adminUrl}/internal${route}`, { token: gw.operatorToken, body });
  const estado = async (id: string) => (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: shop.apiKey })).body.estado as string;

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw);
    for (const [monto, resultado] of [[61_000, 'aprobado'], [72_500, 'aprobado'], [8_000, 'fallido']] as const) {
      const { id } = await createCharge(gw, shop, monto);
      expect((await operator('POST', `/sandbox/pagos/${id}/resultado`, { resultado })).status).toBe(202);
      await until(`charge ${resultado}`, async () => (await estado(id)) === resultado);
      if (resultado === 'aprobado') approved.push({ id, monto });
      else failed = id;
    }
    await until('provider references projected', async () => {
      const rows = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM provider_references');
      return rows[0].n === 3;
    });
  });
  afterAll(() => gw.close());

  it('lists every payment the provider approved that day, with its reference and gross amount, as CSV', async () => {
    const answer = await operator('GET', `/conciliaciones/reportes/${today}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = answer.text.trimEnd().split('\n');
    expect(header).toBe('referencia_proveedor,monto,fecha');
    const refs = await gw.infra.dataSource.query('SELECT referencia_proveedor, charge_id FROM provider_references');
    const chargeOf = new Map(refs.map((r: { referencia_proveedor: string; charge_id: string }) => [r.referencia_proveedor, r.charge_id]));
    const lines = rows.map((row) => row.split(','));
    expect(lines.map(([ref, monto, fecha]) => [chargeOf.get(ref!), Number(monto), fecha])).toEqual(approved.map((c) => [c.id, c.monto, today]));
  });

  it('has no rows for a day without payments, and refuses a malformed date', async () => {
    expect((await operator('GET', '/conciliaciones/reportes/2020-01-01')).text).toBe('referencia_proveedor,monto,fecha\n');
    // Each says what is wrong with the day: a date written YYYY-MM-DD is not told to be written YYYY-MM-DD.
    for (const [fecha, problem] of [
      ['20-11-2026', 'fecha must be a date, YYYY-MM-DD'],
      ['2026-13-01', 'fecha 2026-13-01 is not a day of the calendar'],
      ['2026-02-29', 'fecha 2026-02-29 is not a day of the calendar'],
      ['1969-12-31', 'fecha 1969-12-31 is before 1970-01-01, earlier than any payment'],
    ]) {
      const bad = await operator('GET', `/conciliaciones/reportes/${fecha}`);
      expect([fecha, bad.status, bad.body.message]).toEqual([fecha, 400, { formErrors: [], fieldErrors: { fecha: [problem] } }]);
    }
  });

  it("the sandbox's own report route refuses a day the calendar does not have with 400, not a 500", async () => {
    const ask = (fecha: string) => http('GET', `${gw.sandboxUrl}/api/liquidaciones/${fecha}`, { token: gw.infra.config.providerSecret });
    for (const fecha of ['2026-02-30', '2026-04-31', '0000-01-01']) {
      const answer = await ask(fecha);
      expect([fecha, answer.status, answer.body.code]).toEqual([fecha, 400, 'fecha_invalida']);
    }
    expect((await ask('2024-02-29')).body).toEqual({ fecha: '2024-02-29', reporte: 'referencia_proveedor,monto,fecha\n' });
  });

  it('imported as it is, reconciles every approved charge of the day; again, nothing more', async () => {
    const report = (await operator('GET', `/conciliaciones/reportes/${today}`)).text;
    const first = await operator('POST', '/conciliaciones', { reporte: report });
    expect(first.body.conciliados.map((l: { pagoId: string }) => l.pagoId).sort()).toEqual(approved.map((c) => c.id).sort());
    expect(first.body.diferencias).toEqual([]);
    for (const { id } of approved) expect(await estado(id)).toBe('conciliado');
    expect(await estado(failed)).toBe('fallido');
    const again = await operator('POST', '/conciliaciones', { reporte: report });
    expect(again.body).toMatchObject({ conciliados: [], repetidoDe: { importacion: first.body.importacion } });
    expect(again.body.yaConciliados).toHaveLength(2);
  });

  it('pasarela-ops charges provider-report prints it', async () => {
    const run = await pasarelaOps(gw, ['charges', 'provider-report', today]);
    expect(run).toEqual({ code: 0, stdout: (await operator('GET', `/conciliaciones/reportes/${today}`)).text, stderr: '' });
  });
});
