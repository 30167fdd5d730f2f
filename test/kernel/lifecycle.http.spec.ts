// The gateway as an operator runs it: closing answers the requests under way; /health says whether it can serve.
import Fastify from 'fastify';
import { DataSource } from 'typeorm';
import { registerHealth } from '../../src/kernel/http/health.js';
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
  it('answers 200 while the database answers', async () => {
    const gw = await startTestGateway();
    try {
      const healthy = await http('GET', `${gw.publicUrl}/health`);
      expect(healthy.status).toBe(200);
      expect(healthy.body).toEqual({ estado: 'ok' });
      expect(healthy.headers.get('cache-control')).toBe('no-store');
      // Every origin a browser opens is asked for a favicon: no error in a buyer's console.
      for (const origin of [gw.publicUrl, gw.sandboxUrl]) expect((await http('GET', `${origin}/favicon.ico`)).status).toBe(204);
    } finally {
      await gw.close();
    }
  });

  it('answers 503 when the database does not (here: nothing listens on its port)', async () => {
    const server = Fastify();
    const unreachable = new DataSource({ type: 'postgres', url: 'postgres://pasarela:x@127.0.0.1:1/pasarela', connectTimeoutMS: 2000 });
    registerHealth(server, unreachable);
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const down = await http('GET', `${url}/health`);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ statusCode: 503, message: 'The database does not answer', error: 'Service Unavailable', code: 'unavailable' });
    } finally {
      await server.close();
    }
  });
});
