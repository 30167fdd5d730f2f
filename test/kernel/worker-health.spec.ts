// A ROLE=worker process answers GET /health on ADMIN_PORT (loopback), for an orchestrator to tell it is alive
// (docs/decisions.md, "Logs"): 200 while its database answers, 503 while it does not; no operator API there. The
// worker runs as a real process (test/support/gateway-process.ts) on a database reached through a relay the test cuts.
import type { ChildProcess } from 'node:child_process';
import { exited, outputOf, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { relayedUrl, relayTo, type DatabaseRelay } from '../support/database-relay.js';
import { http, waitUntil } from '../support/gateway.js';
import { GATEWAY_PROCESS, gatewayProcessEnv } from '../support/gateway-process-env.js';

const OPERATOR_TOKEN = 'worker-health-operator-token-0123456789';

describe('the health of a ROLE=worker process', () => {
  let db: TestDatabase;
  let relay: DatabaseRelay;
  let child: ChildProcess;
  let adminUrl: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await relayTo(new URL(db.url));
    const started = await gatewayProcessEnv(relayedUrl(db.url, relay), OPERATOR_TOKEN, { ROLE: 'worker' });
    child = await startChild(GATEWAY_PROCESS, started.env, 'Pasarela is running', 60_000);
    adminUrl = started.adminUrl;
  }, 70_000);

  afterAll(async () => {
    relay?.mend();
    if (child) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await relay?.close();
    await db?.drop();
  }, 30_000);

  test('answers 200 on ADMIN_PORT while its database answers, 503 while it does not, and serves nothing else there', async () => {
    expect(outputOf(child)).toContain(`Health            ${adminUrl}/health`);
    const health = () => http('GET', `${adminUrl}/health`);
    const up = await health();
    expect([up.status, up.body, up.headers.get('cache-control')]).toEqual([200, { estado: 'ok' }, 'no-store']);
    const operator = await http('GET', `${adminUrl}/internal/merchants`, { token: OPERATOR_TOKEN });
    expect(operator.status).toBe(404);

    relay.cut();
    const down = await waitUntil(health, (answer) => answer.status === 503, 10_000);
    expect(down.body).toMatchObject({ statusCode: 503, code: 'unavailable' });
    relay.mend();
    await waitUntil(health, (answer) => answer.status === 200, 15_000);
  }, 40_000);
});
