// A charge left creado by a provider time-out, never retried by the merchant, is finished by the worker.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

describe('the worker finishes charges left creado', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ providerTimeoutMs: 300, staleChargeAfterMs: 600 });
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
});
