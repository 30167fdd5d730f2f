// SANDBOX_HOST may be any IP address (README), IPv6 loopback too. The default PROVIDER_URL was http://127.0.0.1:
// $SANDBOX_PORT whatever SANDBOX_HOST said, so with SANDBOX_HOST=::1 (the sandbox on ::1 only) every provider call
// the gateway made found nothing there: charges could not open a checkout, vouchers could not be issued.
import type { ChildProcess } from 'node:child_process';
import { loadConfig } from '../../src/kernel/config.js';
import { exited, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { GATEWAY_PROCESS, gatewayProcessEnv } from '../support/gateway-process-env.js';
import { http } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { postFormAndFollow } from '../checkout/paying.js';

const OPERATOR_TOKEN = 'sandbox-host-ipv6-operator-token-0123';

describe('the sandbox provider on IPv6 loopback (SANDBOX_HOST=::1)', () => {
  let db: TestDatabase;
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGTERM');
    if (child) await exited(child);
    await db?.drop();
  });

  it('is where the default PROVIDER_URL points, bracketed; a wildcard is reached on 127.0.0.1', () => {
    expect(loadConfig({ SANDBOX_HOST: '::1', SANDBOX_PORT: '4002' }).providerUrl).toBe('http://[::1]:4002');
    expect(loadConfig({ SANDBOX_HOST: '127.0.0.2', SANDBOX_PORT: '4002' }).providerUrl).toBe('http://127.0.0.2:4002');
    expect(loadConfig({ SANDBOX_HOST: 'localhost', SANDBOX_PORT: '4002' }).providerUrl).toBe('http://localhost:4002');
    expect(loadConfig({ SANDBOX_HOST: '::', SANDBOX_PORT: '4002' }).providerUrl).toBe('http://127.0.0.1:4002');
    expect(loadConfig({ SANDBOX_PORT: '4002' }).providerUrl).toBe('http://127.0.0.1:4002');
    // Given, it is used as it is.
    expect(loadConfig({ SANDBOX_HOST: '::1', PROVIDER_URL: 'http://sandbox.internal:9000' }).providerUrl).toBe('http://sandbox.internal:9000');
  });

  it('answers the gateway started with it: a charge opens its checkout, a cash voucher is issued', async () => {
    db = await createTestDatabase();
    const started = await gatewayProcessEnv(db.url, OPERATOR_TOKEN, { SANDBOX_HOST: '::1' });
    delete started.env.PROVIDER_URL;
    child = await startChild(GATEWAY_PROCESS, started.env, 'Pasarela is running', 60_000);
    const gw = { publicUrl: started.publicUrl, adminUrl: started.adminUrl, operatorToken: OPERATOR_TOKEN };

    const behaviour = await http('GET', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: OPERATOR_TOKEN });
    expect(behaviour.status).toBe(200);

    const merchant = await onboardMerchant(gw);
    const created = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'pedido-ipv6' },
      body: { merchantId: merchant.merchantId, monto: 150000, moneda: 'COP', referencia: 'PED-IPV6', descripcion: 'Camiseta talla M' },
    });
    expect([created.status, created.body.estado]).toEqual([201, 'pendiente']);
    const checkoutUrl = String(created.body.checkoutUrl).replace('localhost', '127.0.0.1');
    const { page } = await postFormAndFollow(`${checkoutUrl}/efectivo`, {});
    expect(page.text).toContain('Tu código para pagar en efectivo');
  }, 90_000);
});
