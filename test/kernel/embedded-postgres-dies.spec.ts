// "The gateway recovers by itself when PostgreSQL comes back", for the embedded default, where the gateway owns its
// PostgreSQL: that server killed under a running gateway (SIGKILL: the OOM killer, a stray `kill`) used to stay dead,
// and the gateway answered 503 for ever while looking alive. `npm start` (src/main.ts) runs in a child process on a
// DATA_DIR of its own; its PostgreSQL's postmaster is killed; the gateway starts it again, and serves as before.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, outputOf, startChild } from '../support/child-process.js';
import { http, waitUntil } from '../support/gateway.js';
import { freePort } from '../support/ports.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY = path.join(here, '../support/gateway-process.ts');

/** The pid on the first line of the cluster's postmaster.pid: the running server's. */
const postmasterPid = (dataDir: string): number => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the embedded PostgreSQL killed under a running gateway', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-pg-dies-'));
  const dataDir = path.join(parent, 'data');
  let child: ChildProcess | undefined;
  let publicUrl: string;
  let demo: { merchantId: string; apiKey: string };

  beforeAll(async () => {
    chmodSync(parent, 0o755);
    const [port, admin, sandbox, pg] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const { DATABASE_URL: _, OPERATOR_TOKEN: __, ...env } = process.env;
    child = await startChild(
      GATEWAY,
      { ...env, PORT: String(port), ADMIN_PORT: String(admin), SANDBOX_PORT: String(sandbox), EMBEDDED_PG_PORT: String(pg), DATA_DIR: dataDir },
      'Pasarela is running',
      60_000,
    );
    publicUrl = `http://127.0.0.1:${port}`;
    demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-merchant.json'), 'utf8')) as typeof demo;
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(parent, { recursive: true, force: true });
  });

  const create = (referencia: string) =>
    http<{ id: string }>('POST', `${publicUrl}/v1/pagos`, {
      token: demo.apiKey,
      headers: { 'idempotency-key': referencia },
      body: { merchantId: demo.merchantId, monto: 25_000, moneda: 'COP', referencia },
    });

  test('is started again: what was there is read, new charges are made and listed, and SIGTERM stops both', async () => {
    const before = await create('PED-ANTES');
    expect(before.status).toBe(201);
    const killed = postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');

    // Back by itself, and said so (the killed server's sessions may still answer a moment: the log, not a read, says
    // when the new server runs).
    await waitUntil(async () => outputOf(child!), (output) => output.includes('postgres: the embedded PostgreSQL is running again'), 45_000);
    expect(outputOf(child!)).toContain('postgres: the embedded PostgreSQL stopped (SIGKILL); starting it again');
    // The charge made before is read again (503 while the pool finds its new connections, never a 500).
    const read = await waitUntil(
      () => http('GET', `${publicUrl}/v1/pagos/${before.body.id}`, { token: demo.apiKey }),
      (answer) => answer.status !== 503,
      20_000,
    );
    expect(read.status).toBe(200);
    const restarted = postmasterPid(dataDir);
    expect(restarted).not.toBe(killed);

    const after = await create('PED-DESPUES');
    expect(after.status).toBe(201);
    // The projector resumed: the list (a read model) shows both.
    await waitUntil(
      () => http<{ data: Array<{ id: string }> }>('GET', `${publicUrl}/v1/pagos?limit=100`, { token: demo.apiKey }),
      (list) => list.status === 200 && [before.body.id, after.body.id].every((id) => list.body.data.some((charge) => charge.id === id)),
      20_000,
    );

    // A SIGTERM stops the gateway and the server it started again, with status 0.
    const exit = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(running(restarted)).toBe(false);
  }, 90_000);
});
