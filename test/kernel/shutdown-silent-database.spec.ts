// SIGTERM stops the gateway in bounded time even when its database has gone silent (frozen, beyond a partition):
// closing a connection waits for the server to close its side, which a silent server never does, so the stop used to
// hang until the server came back or someone sent SIGKILL. `npm start` (src/main.ts) runs in a child process on
// DATABASE_URL through a relay of the test's own, frozen before the SIGTERM (docs/decisions.md, "Database outages").
import type { ChildProcess } from 'node:child_process';
import { exited, outputOf, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { relayedUrl, relayTo, type DatabaseRelay } from '../support/database-relay.js';
import { http } from '../support/gateway.js';
import { GATEWAY_PROCESS, gatewayProcessEnv } from '../support/gateway-process-env.js';

/** Well past the gateway's own limit on its shutdown (30 s): not stopping by then is a hang. */
const HANG_MS = 50_000;

describe('SIGTERM while the database is silent', () => {
  let db: TestDatabase;
  let relay: DatabaseRelay;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await relayTo(new URL(db.url));
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    relay?.cut();
    relay?.mend();
    await relay?.close();
    await db?.drop();
  });

  test('stops the gateway within its limit, with a line saying why it did not stop cleanly', async () => {
    const { env, publicUrl } = await gatewayProcessEnv(relayedUrl(db.url, relay), 'shutdown-silent-operator-token-0123456789');
    child = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 60_000);
    expect((await http('GET', `${publicUrl}/health`)).status).toBe(200);

    relay.freeze();
    const code = new Promise<number | null>((resolve) => child!.once('exit', (status) => resolve(status)));
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([code, new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), HANG_MS)))]).finally(
      () => clearTimeout(timer),
    );
    expect(outcome).toBe(1);
    expect(outputOf(child)).toContain('shutdown: not finished after 30 s');
  }, 120_000);
});
