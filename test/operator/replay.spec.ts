// The auditor's replay: every read model rebuilt from position 0 into fresh tables and compared with the live ones,
// over more than 10,000 generated charge events and a stream stored before 4 October 2026 (montoMinor).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NewEvent } from '../../src/payments/application/ports/event-store.port.js';
import { chargeStream } from '../../src/payments/domain/charge.events.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { READ_MODELS } from '../../src/operator/adapters/replay/read-models.js';
import { replayReadModels } from '../../src/operator/adapters/replay/replay.js';
import { appendHistories } from '../support/charge-histories.js';
import { pasarelaOps } from '../support/cli.js';

const FIXTURE = path.resolve('test/operator/fixtures/charge-stream-montoMinor.v1.json');

const ops = (gw: TestGateway, args: string[]) => pasarelaOps(gw, args, { timeout: 170_000 });

function legacyStream(merchantId: string, chargeId: string): NewEvent[] {
  const text = readFileSync(FIXTURE, 'utf8').replaceAll('MERCHANT_ID', merchantId).replaceAll('CHARGE_ID', chargeId);
  const fixture = JSON.parse(text) as { events: Array<Omit<NewEvent, 'id'>> };
  return fixture.events.map((event) => ({ ...event, id: randomUUID() }));
}

describe('pasarela-ops replay', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const legacyId = randomUUID();
  let generated = 0;

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw);
    await gw.infra.eventStore.append(chargeStream(legacyId), legacyStream(shop.merchantId, legacyId), 'no_stream');
    // Half of them the merchant's, half of merchants unknown here: projections do not care whose a charge is.
    generated = await appendHistories(gw.infra.eventStore, 2_700, (i) => (i % 2 === 0 ? shop.merchantId : randomUUID()));
  }, 120_000);
  afterAll(() => gw.close());

  it('reads the stored montoMinor events upcast to monto, whole pesos, keeping their schema version', async () => {
    const history = await http('GET', `${gw.adminUrl}/internal/pagos/${legacyId}/eventos`, { token: gw.operatorToken });
    expect(history.status).toBe(200);
    const [created, , , refunded] = history.body.eventos;
    expect(created.datos).toMatchObject({ monto: 150_000 });
    expect(created.datos).not.toHaveProperty('montoMinor');
    expect(created.metadata.schemaVersion).toBe(1);
    expect(refunded.datos).toMatchObject({ monto: 150_000, providerRefundId: 'sbx_rf_legacy_0914_77' });
    const charge = await http('GET', `${gw.publicUrl}/v1/pagos/${legacyId}`, { token: shop.apiKey });
    expect(charge.body).toMatchObject({ monto: 150_000, estado: 'reembolsado' });
    const liquidacion = await http('GET', `${gw.publicUrl}/v1/pagos/${legacyId}/liquidacion`, { token: shop.apiKey });
    expect(liquidacion.body).toMatchObject({ bruto: 150_000, estado: 'revertida', fechaPagoEstimada: '2026-09-15' });
  });

  it('rebuilds every read model from position 0 over more than 10,000 events and finds them equal, printing progress', async () => {
    expect(generated).toBeGreaterThanOrEqual(10_000);
    const run = await ops(gw, ['replay']);
    expect(run.stderr).toMatch(/^replay [0-9a-f]{8}: /);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(/terminada, \d+ events/);
    expect(run.code).toBe(0);
    for (const table of ['charges', 'charges_daily', 'cash_voucher_deadlines', 'provider_references']) {
      expect(run.stdout).toMatch(new RegExp(`\\b${table}\\s+\\d+\\s+\\d+\\s+[0-9a-f]{32}\\s+[0-9a-f]{32}\\s+igual`));
    }
    expect(run.stdout).toContain('Every read model equals its rebuild from position 0.');

    const json = await ops(gw, ['--json', 'replay', '--batch', '500']);
    expect(json.code).toBe(0);
    const job = JSON.parse(json.stdout);
    expect(job.estado).toBe('terminada');
    expect(job.resultado.iguales).toBe(true);
    expect(job.resultado.eventos).toBeGreaterThanOrEqual(generated);
    const charges = job.resultado.proyecciones.find((p: { proyeccion: string }) => p.proyeccion === 'charges');
    expect(charges.tablas[0].filasEnVivo).toBeGreaterThanOrEqual(2_701);
    expect(charges.tablas[0].checksumEnVivo).toBe(charges.tablas[0].checksumReconstruido);
    // The fresh tables are gone once they proved equal.
    const left = await gw.infra.dataSource.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [job.resultado.esquema]);
    expect(left).toHaveLength(0);
    // For docs/performance.md.
    console.log(`replay: ${job.resultado.eventos} events in ${job.resultado.duracionMs} ms (${job.resultado.eventosPorSegundo} events/s)`);
  }, 180_000);

  it('finds a live row that differs from the events, says which table, keeps the rebuild and exits 1', async () => {
    const [row] = await gw.infra.dataSource.query('SELECT id, monto FROM charges WHERE id = $1', [legacyId]);
    await gw.infra.dataSource.query('UPDATE charges SET monto = monto * 100 WHERE id = $1', [legacyId]);
    try {
      const run = await ops(gw, ['--json', 'replay']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('read models differ from their rebuild');
      const job = JSON.parse(run.stdout);
      const tables = job.resultado.proyecciones.flatMap((p: { tablas: Array<{ tabla: string; iguales: boolean }> }) => p.tablas);
      expect(tables.filter((t: { iguales: boolean }) => !t.iguales).map((t: { tabla: string }) => t.tabla)).toEqual(['charges']);
      const [rebuilt] = await gw.infra.dataSource.query(`SELECT monto FROM "${job.resultado.esquema}".charges WHERE id = $1`, [legacyId]);
      expect(rebuilt.monto).toBe(row.monto);
      await gw.infra.dataSource.query(`DROP SCHEMA "${job.resultado.esquema}" CASCADE`);
    } finally {
      await gw.infra.dataSource.query('UPDATE charges SET monto = $2 WHERE id = $1', [legacyId, row.monto]);
    }
  }, 180_000);

  it('starts one replay at a time and 404s an unknown one', async () => {
    const first = await http('POST', `${gw.adminUrl}/internal/replay`, { token: gw.operatorToken }); // no body at all
    expect(first.status).toBe(202);
    expect(first.headers.get('location')).toBe(`/internal/replay/${first.body.id}`);
    const second = await http('POST', `${gw.adminUrl}/internal/replay`, { token: gw.operatorToken, body: {} });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('replay_in_progress');
    // Its result asserted once it ended, even if it had already ended by the first look.
    const ended = await waitUntil(
      async () => (await http('GET', `${gw.adminUrl}/internal/replay/${first.body.id}`, { token: gw.operatorToken })).body,
      (job) => job.estado !== 'en_curso',
      150_000,
    );
    expect([ended.estado, ended.resultado?.iguales]).toEqual(['terminada', true]);
    expect((await http('GET', `${gw.adminUrl}/internal/replay/${randomUUID()}`, { token: gw.operatorToken })).status).toBe(404);
  }, 180_000);

  it('stops when aborted (the operator API closing) and leaves no fresh tables behind', async () => {
    const abort = new AbortController();
    const progress: string[] = [];
    const replay = replayReadModels(gw.infra.dataSource, gw.infra.eventStore, READ_MODELS, {
      batchSize: 100,
      signal: abort.signal,
      onProgress: (p) => {
        progress.push(p.fase);
        if (p.fase === 'reproduciendo') abort.abort(new Error('the operator API is shutting down'));
      },
    });
    await expect(replay).rejects.toThrow('the operator API is shutting down');
    expect(progress).toEqual(['preparando', 'reproduciendo']);
    const left = await gw.infra.dataSource.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'replay\\_%'");
    expect(left).toEqual([]);
  });
});
