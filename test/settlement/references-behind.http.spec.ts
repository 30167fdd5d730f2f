// Reconciliation while the provider-references read model is behind the log: its projector runs in the worker, and a
// worker down or catching up must not make the import call a payment the gateway approved "a reference we never saw".
// Here no worker runs at all (ROLE=api, as docker-compose's `app` with its `worker` stopped).
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge } from '../webhooks/support/webhooks.js';
import { pasarelaOps } from '../support/cli.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

describe('POST /internal/conciliaciones while the worker is not running', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const approved: string[] = [];

  const operator = (method: string, route: string, body?: unknown) => http(method, `${gw.adminUrl}/internal${route}`, { token: gw.operatorToken, body });
  const estado = async (id: string) => (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: shop.apiKey })).body.estado as string;

  beforeAll(async () => {
    gw = await startTestGateway({ role: 'api' });
    shop = await onboardMerchant(gw);
    for (const monto of [61_000, 72_500]) {
      const { id } = await createCharge(gw, shop, monto);
      expect((await operator('POST', `/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
      approved.push(id);
    }
    // The approvals are recorded (GET /v1/pagos/{id} folds the stream); nothing has projected them.
    await waitUntil(() => Promise.all(approved.map(estado)), (estados) => estados.every((e) => e === 'aprobado'), 60_000);
    const [projected] = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM provider_references');
    expect(projected.n).toBe(0);
    // Readers of the log (projectors, and the import's look past the read model) see an event once no transaction older
    // than it is open on the server, which every test database shares: wait for that, as a projector would.
    await waitUntil(
      async () => (await gw.infra.dataSource.query(
        `SELECT count(*)::int AS n FROM events WHERE type = 'PaymentApproved' AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
      ))[0].n,
      (n) => n === approved.length,
      60_000,
    );
  });
  afterAll(() => gw.close());

  it("reconciles the provider's report of payments approved here, rather than calling their references unknown", async () => {
    const report = await operator('GET', `/conciliaciones/reportes/${today}`);
    expect(report.status).toBe(200);
    const file = path.join(gw.infra.config.dataDir, 'report.csv');
    writeFileSync(file, report.text);
    const run = await pasarelaOps(gw, ['charges', 'reconcile', file, '--json']);
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.diferencias).toEqual([]);
    expect(answer.conciliados.map((line: { pagoId: string }) => line.pagoId).sort()).toEqual([...approved].sort());
    expect(await Promise.all(approved.map(estado))).toEqual(['conciliado', 'conciliado']);
  });

  it('still calls a reference no payment of ours carries unknown', async () => {
    const answer = await operator('POST', '/conciliaciones', { reporte: `referencia_proveedor,monto,fecha\nint_nunca_visto,5000,${today}\n` });
    expect(answer.status).toBe(200);
    expect(answer.body.diferencias).toEqual([
      { linea: 2, referenciaProveedor: 'int_nunca_visto', monto: 5000, fecha: today, motivo: 'referencia_desconocida' },
    ]);
  });
});
