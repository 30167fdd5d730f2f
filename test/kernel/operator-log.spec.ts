// The log of `npm start` as an operator reads it (docs/decisions.md, "Logs"): the gateway runs as a real process
// (DATABASE_URL, ROLE=all) writing to a pipe, as under docker or systemd. What the service says at `log` level
// reaches it (here: the worker finished a charge the provider left creado); Nest's own start-up lines and colour
// codes do not.
import type { ChildProcess } from 'node:child_process';
import { exited, outputOf, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, waitUntil } from '../support/gateway.js';
import { onboardMerchant, type GatewayAddress } from '../support/merchants.js';
import { GATEWAY_PROCESS, gatewayProcessEnv } from '../support/gateway-process-env.js';

const OPERATOR_TOKEN = 'operator-log-operator-token-0123456789';

describe('the operator log of a gateway process', () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let gw: GatewayAddress;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { env, publicUrl, adminUrl } = await gatewayProcessEnv(db.url, OPERATOR_TOKEN, {
      PROVIDER_TIMEOUT_MS: '500',
      STALE_CHARGE_AFTER_SECONDS: '1',
    });
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    child = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 60_000);
    gw = { publicUrl, adminUrl, operatorToken: OPERATOR_TOKEN };
  }, 70_000);

  afterAll(async () => {
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await db?.drop();
  }, 30_000);

  test('says what a worker did at log level: a charge the provider left creado was finished', async () => {
    const merchant = await onboardMerchant(gw);
    const silence = await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, {
      token: OPERATOR_TOKEN,
      body: { silencio: true, veces: 1 },
    });
    expect(silence.status).toBe(200);
    const create = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'left-creado' },
      body: { merchantId: merchant.merchantId, monto: 1000, moneda: 'COP', referencia: 'PED-LOG' },
    });
    expect(create.status).toBe(503);

    // Nobody retries: the stale-charge worker opens its checkout, and the log says so.
    const finished = /StaleChargesWorker\] opened the checkout of 1 charge\(s\) left creado/;
    const listed = await waitUntil(
      () => http('GET', `${gw.publicUrl}/v1/pagos?referencia=PED-LOG`, { token: merchant.apiKey }),
      (answer) => answer.body.data?.[0]?.estado === 'pendiente',
      20_000,
    );
    expect(listed.body.data).toHaveLength(1);
    // The line is written as the sweep ends, a moment after the charge is pendiente.
    await waitUntil(async () => outputOf(child), (text) => finished.test(text), 5_000).catch(() => undefined);
    expect(outputOf(child)).toMatch(finished);
  }, 40_000);

  test('is plain text, without colour codes nor a line per module and route of Nest starting', () => {
    const log = outputOf(child);
    // The 503 above was logged (warn): there is something to look at.
    expect(log).toMatch(/answered 503, left creado for a retry/);
    expect(log).not.toMatch(/\x1b\[/);
    expect(log).not.toMatch(/InstanceLoader|RoutesResolver|RouterExplorer|NestFactory|Mapped \{/);
  });
});
