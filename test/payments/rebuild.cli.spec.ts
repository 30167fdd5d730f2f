// The operator rebuilds the charges read model from position 0, through the CLI, and the merchant's list is whole again.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { pasarelaOps } from '../support/cli.js';

describe('pasarela-ops charges rebuild', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it('replays every event into the read model: a damaged list comes back equal to the live one', async () => {
    const merchant = await onboardMerchant(gw, {});
    for (let i = 0; i < 5; i++) {
      const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': `rb-${i}` },
        body: { merchantId: merchant.merchantId, monto: 1000 + i, moneda: 'COP', referencia: `RB-${i}` },
      });
      expect(answer.status).toBe(201);
    }
    const list = () => http('GET', `${gw.publicUrl}/v1/pagos?limit=100`, { token: merchant.apiKey });
    let before = await list();
    for (let tries = 0; tries < 100 && before.body.data.filter((c: { estado: string }) => c.estado === 'pendiente').length < 5; tries++) {
      await new Promise((r) => setTimeout(r, 50));
      before = await list();
    }
    expect(before.body.data).toHaveLength(5);

    await gw.infra.dataSource.query("UPDATE charges SET estado = 'fallido', monto = 1 WHERE merchant_id = $1", [merchant.merchantId]);
    await gw.infra.dataSource.query('DELETE FROM charges WHERE id = $1', [before.body.data[0].id]);
    expect((await list()).body).not.toEqual(before.body);

    const run = await pasarelaOps(gw, ['--json', 'charges', 'rebuild']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ proyeccion: expect.any(String), pagos: expect.any(Number) });
    expect(result.eventos).toBeGreaterThanOrEqual(10);
    expect((await list()).body).toEqual(before.body);
  });
});
