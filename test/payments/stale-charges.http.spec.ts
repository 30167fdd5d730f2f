// What a provider time-out leaves unfinished and nobody retries is finished by the worker: a charge left creado, and a
// refund the provider made while silent, never recorded.
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant } from '../support/merchants.js';

describe('the worker finishes charges left creado', () => {
  const logger = capturingLogger();
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ providerTimeoutMs: 300, staleChargeAfterMs: 600 }, undefined, logger);
  });
  afterAll(() => gw.close());

  it('asks the provider again with the charge id and moves the charge to pendiente, one session only', async () => {
    const merchant = await onboardMerchant(gw, {});
    await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: { silencio: true, veces: 1 } });
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'never-retried' },
      body: { merchantId: merchant.merchantId, monto: 42000, moneda: 'COP', referencia: 'STALE-1' },
    });
    expect(answer.status).toBe(503);
    const [{ id }] = await gw.infra.dataSource.query("SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = 'STALE-1'");

    let estado = 'creado';
    for (let tries = 0; tries < 100 && estado === 'creado'; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      estado = (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: merchant.apiKey })).body.estado;
    }
    expect(estado).toBe('pendiente');
    const sessions = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM sandbox_sessions WHERE charge_id = $1', [id]);
    expect(sessions[0].n).toBe(1);
    const history = await http('GET', `${gw.adminUrl}/internal/pagos/${id}/eventos`, { token: gw.operatorToken });
    const opened = history.body.eventos.find((e: { tipo: string }) => e.tipo === 'CheckoutOpened');
    expect(opened.metadata.actor).toEqual({ type: 'system', id: 'pasarela' });
  });

  it('records a refund the provider made while silent, with no retry: once, as the operator asked it', async () => {
    const merchant = await onboardMerchant(gw, {});
    const created = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'refund-never-retried' },
      body: { merchantId: merchant.merchantId, monto: 33000, moneda: 'COP', referencia: 'REFUND-1' },
    });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const estadoOf = async () => (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: merchant.apiKey })).body.estado as string;
    const decided = await http('POST', `${gw.adminUrl}/internal/sandbox/pagos/${id}/resultado`, { token: gw.operatorToken, body: { resultado: 'aprobado' } });
    expect(decided.status).toBe(202);
    await waitUntil(estadoOf, (estado) => estado === 'aprobado', 10_000);

    // The sandbox refunds, then holds its answer past the gateway's time-out: the operator hears 503, and never retries;
    // the worker's first try meets the same silence.
    await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: { silencio: true, veces: 2 } });
    const lost = await http('POST', `${gw.adminUrl}/internal/pagos/${id}/reembolso`, { token: gw.operatorToken });
    expect(lost.status).toBe(503);

    expect(await waitUntil(estadoOf, (estado) => estado === 'reembolsado', 20_000)).toBe('reembolsado');
    const atProvider: Array<{ id: string }> = await gw.infra.dataSource.query(
      'SELECT r.id FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
      [id],
    );
    expect(atProvider).toHaveLength(1);
    const history = await http('GET', `${gw.adminUrl}/internal/pagos/${id}/eventos`, { token: gw.operatorToken });
    const refunds = history.body.eventos.filter((e: { tipo: string }) => e.tipo === 'ChargeRefunded');
    expect(refunds).toHaveLength(1);
    // Recorded as the operator's refund (who asked for it), caused by the provider's one refund.
    expect(refunds[0].metadata).toMatchObject({ actor: { type: 'operator', id: 'operator-token' }, causationId: atProvider[0]!.id });
    expect(await gw.infra.dataSource.query('SELECT 1 FROM refund_requests WHERE charge_id = $1', [id])).toEqual([]);
    // Each silence said once, as what it was: the operator's request was answered 503, the worker's try left for later.
    const silences = logger.lines.filter((line) => line.includes(`charge ${id}: refund: Payment provider unavailable`));
    expect(silences).toEqual([
      expect.stringMatching(/; answered 503; a retry or the worker records it, once$/),
      expect.stringMatching(/; left for the next sweep$/),
    ]);
    // The operator's late retry changes nothing and answers that refund.
    const retry = await http('POST', `${gw.adminUrl}/internal/pagos/${id}/reembolso`, { token: gw.operatorToken });
    expect(retry.body).toMatchObject({ yaReembolsado: true, referenciaReembolso: atProvider[0]!.id });
  });
});

describe('the threshold of a charge left creado', () => {
  // The gateway's clock stands still and moves only here, so a charge's age is what the test says it is.
  const logger = capturingLogger();
  const start = Date.parse('2026-11-23T14:00:00.000Z');
  let now = new Date(start);
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ providerTimeoutMs: 300, staleChargeAfterMs: 600 }, { now: () => now }, logger);
  });
  afterAll(() => gw.close());

  it('finishes a charge only once it is older than STALE_CHARGE_AFTER_SECONDS: a younger one swept alongside stays creado', async () => {
    const merchant = await onboardMerchant(gw, {});
    const leftCreado = async (referencia: string): Promise<string> => {
      await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: { silencio: true, veces: 1 } });
      const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': referencia },
        body: { merchantId: merchant.merchantId, monto: 42000, moneda: 'COP', referencia },
      });
      expect(answer.status).toBe(503);
      const [{ id }] = await gw.infra.dataSource.query("SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = $1", [referencia]);
      return id;
    };
    const estadoOf = async (id: string) => (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: merchant.apiKey })).body.estado as string;
    const sweeps = () => logger.lines.filter((line) => line.includes('charge(s) left creado'));

    const older = await leftCreado('UMBRAL-VIEJO');
    now = new Date(start + 200);
    const younger = await leftCreado('UMBRAL-JOVEN');
    for (const id of [older, younger]) expect(await waitUntil(() => estadoOf(id), (estado) => estado === 'creado')).toBe('creado');
    // 650 ms after the first, 450 ms after the second: one sweep sees both, and only the first is past the threshold.
    now = new Date(start + 650);
    await waitUntil(async () => sweeps(), (lines) => lines.length > 0);
    expect([sweeps(), await estadoOf(older), await estadoOf(younger)]).toEqual([
      [expect.stringContaining('opened the checkout of 1 charge(s) left creado')],
      'pendiente',
      'creado',
    ]);

    now = new Date(start + 850);
    expect(await waitUntil(() => estadoOf(younger), (estado) => estado === 'pendiente')).toBe('pendiente');
  });
});
