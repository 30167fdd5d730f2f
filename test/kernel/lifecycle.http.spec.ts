// The gateway as an operator runs it: closing answers the requests under way; /health says whether it can serve.
import { http, startTestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

describe('closing the gateway', () => {
  it('answers a charge creation under way (the provider slow) before it stops', async () => {
    const gw = await startTestGateway();
    try {
      const merchant = await onboardMerchant(gw, {});
      const slowed = await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: { demoraMs: 1500, veces: 1 } });
      expect(slowed.status).toBe(200);
      const creating = http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': 'under-way' },
        body: { merchantId: merchant.merchantId, monto: 50000, moneda: 'COP', referencia: 'EN-CURSO' },
      }).then(
        (answer) => answer,
        (error: unknown) => error as Error,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const closing = gw.close();
      const answer = await creating;
      await closing;
      expect(answer).not.toBeInstanceOf(Error);
      expect((answer as { status: number }).status).toBe(201);
    } finally {
      await gw.close().catch(() => undefined);
    }
  });
});

describe('GET /health', () => {
  it('answers 200 while the database answers, and 503 once it does not', async () => {
    const gw = await startTestGateway();
    try {
      const healthy = await http('GET', `${gw.publicUrl}/health`);
      expect(healthy.status).toBe(200);
      expect(healthy.body).toEqual({ estado: 'ok' });
      expect(healthy.headers.get('cache-control')).toBe('no-store');
      await gw.infra.dataSource.destroy();
      const down = await http('GET', `${gw.publicUrl}/health`);
      expect(down.status).toBe(503);
      expect(down.body.code).toBe('unavailable');
    } finally {
      await gw.close().catch(() => undefined);
    }
  });
});
