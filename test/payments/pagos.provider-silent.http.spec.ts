// The provider does not answer: 503 with Retry-After, and the retry with the same key completes the same charge.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

describe('POST /v1/pagos when the provider is silent', () => {
  let gw: TestGateway;
  let merchant: { merchantId: string; apiKey: string };

  beforeAll(async () => {
    gw = await startTestGateway({ providerTimeoutMs: 400 });
    merchant = await onboardMerchant(gw, {});
  });
  afterAll(() => gw.close());

  const sandbox = (settings: Record<string, unknown>) =>
    http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: settings });
  const create = (key: string) =>
    http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': key },
      body: { merchantId: merchant.merchantId, monto: 50000, moneda: 'COP', referencia: `silent-${key}` },
    });

  it('answers 503 gateway_unavailable with Retry-After; the retry gets 201 and one charge', async () => {
    expect((await sandbox({ silencio: true, veces: 1 })).status).toBe(200);
    const started = Date.now();
    const first = await create('silent-1');
    // The gateway gave up after its own time-out (400 ms here): the sandbox really held the request unanswered.
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.body).toMatchObject({ statusCode: 503, code: 'gateway_unavailable' });

    const retry = await create('silent-1');
    expect(retry.status).toBe(201);
    expect(retry.body.estado).toBe('pendiente');

    const rows = await gw.infra.dataSource.query(
      "SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'charge-%' AND type = 'ChargeCreated' AND data->>'referencia' = 'silent-silent-1'",
    );
    expect(rows[0].n).toBe(1);
    const sessions = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM sandbox_sessions WHERE charge_id = $1', [retry.body.id]);
    expect(sessions[0].n).toBe(1);
  });

  it('keeps a charge whose provider call timed out in estado creado until the retry', async () => {
    await sandbox({ silencio: true, veces: 1 });
    expect((await create('silent-2')).status).toBe(503);
    const rows = await gw.infra.dataSource.query("SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = 'silent-silent-2'");
    const charge = await http('GET', `${gw.publicUrl}/v1/pagos/${rows[0].id}`, { token: merchant.apiKey });
    expect(charge.body.estado).toBe('creado');
    expect((await create('silent-2')).body).toMatchObject({ id: rows[0].id, estado: 'pendiente' });
  });

  it('a slow provider within the time-out still answers 201', async () => {
    await sandbox({ demoraMs: 150, veces: 1 });
    expect((await create('slow-1')).status).toBe(201);
  });

  it('refuses invalid behaviour settings with 400', async () => {
    const answer = await sandbox({ demoraMs: -1 });
    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors).toHaveProperty('demoraMs');
  });
});
