// The embedded default's first start seeds a demo merchant (src/demo.ts): created, approved, a key issued, its site
// registered, then its key kept in DATA_DIR/demo-merchant.json. A start killed in the middle of it used to leave a
// merchant no file named, and the next start made a second "Tienda Demo". Now the next start finishes the one begun.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { exited, outputOf, startChild } from '../support/child-process.js';
import { GATEWAY_PROCESS } from '../support/gateway-process-env.js';
import { http } from '../support/gateway.js';
import { freePort } from '../support/ports.js';

const CUT_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../support/demo-cut-process.ts');

describe('a first start killed while it seeds the demo merchant', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];

  /** A fresh DATA_DIR and ports for an embedded default's first start, as a new user's clone has. */
  const firstStart = async (): Promise<{ dataDir: string; env: NodeJS.ProcessEnv }> => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-demo-cut-'));
    dirs.push(parent);
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, GATEWAY_MAX_LIFETIME_MS: '100000' };
    for (const name of ['DATABASE_URL', 'OPERATOR_TOKEN', 'PROVIDER_SECRET', 'WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS']) delete env[name];
    for (const name of ['PORT', 'ADMIN_PORT', 'SANDBOX_PORT', 'EMBEDDED_PG_PORT']) env[name] = String(await freePort());
    return { dataDir, env };
  };

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['once the merchant is created, before its id is written down', 'POST /internal/merchants'],
    ['once its key is issued, before the key is written down', 'POST /internal/merchants/{id}/api-keys'],
  ])('%s: the next start finishes it, one demo merchant, and the key it prints creates a charge', async (_, cutAt) => {
    const { dataDir, env } = await firstStart();

    const cut = startChild(CUT_PROCESS, { ...env, DEMO_CUT_AT: cutAt }, 'Pasarela is running', 60_000);
    await expect(cut).rejects.toThrow('exited (SIGKILL) before it was ready');

    const child = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 60_000);
    children.push(child);
    const banner = outputOf(child);
    const merchantId = /merchantId\s+([0-9a-f-]{36})/.exec(banner)?.[1];
    const apiKey = /API key\s+(svcpk_\S+)/.exec(banner)?.[1];
    expect(banner).toContain('Demo merchant "Tienda Demo" (approved, site https://tienda-demo.example registered)');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'demo-merchant.json'), 'utf8'))).toMatchObject({ merchantId, apiKey });
    expect(statSync(path.join(dataDir, 'demo-merchant.json')).mode & 0o077).toBe(0);

    // One merchant in the database (no operator route lists merchants), with the one working key the banner printed:
    // a key the cut start issued was never written down nor printed, and no longer works.
    const db = new pg.Client({ connectionString: `postgres://pasarela:pasarela@127.0.0.1:${env.EMBEDDED_PG_PORT}/pasarela` });
    await db.connect();
    try {
      expect((await db.query('SELECT id, nombre FROM merchants')).rows).toEqual([{ id: merchantId, nombre: 'Tienda Demo' }]);
      expect((await db.query('SELECT count(*)::int AS n FROM api_keys WHERE revocada_en IS NULL')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.end();
    }

    const created = await http('POST', `http://127.0.0.1:${env.PORT}/v1/pagos`, {
      token: apiKey,
      headers: { 'idempotency-key': 'pedido-tras-el-corte' },
      body: { merchantId, monto: 150000, moneda: 'COP', referencia: 'PED-CORTE', descripcion: 'Camiseta talla M' },
    });
    expect([created.status, created.body]).toEqual([201, expect.objectContaining({ merchantId, estado: 'pendiente' })]);

    child.kill('SIGTERM');
    await exited(child);
  }, 150_000);

  it('a Ctrl-C while it seeds: says so (not "could not start"), stops its PostgreSQL for good, and the next start finishes', async () => {
    const { dataDir, env } = await firstStart();

    const interrupted = await startChild(CUT_PROCESS, { ...env, DEMO_CUT_AT: 'POST /internal/merchants', DEMO_CUT_SIGNAL: 'SIGINT' }, 'Pasarela is running', 60_000).then(
      () => 'ready',
      (error: Error) => error.message,
    );
    expect(interrupted).toContain('exited (130) before it was ready');
    expect(interrupted).toContain('Pasarela: SIGINT while starting; stopping');
    expect(interrupted).not.toContain('could not start');
    expect(interrupted).not.toContain('starting it again');
    // Its PostgreSQL went with it: nothing holds the data directory.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const child = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 60_000);
    children.push(child);
    expect(outputOf(child)).toContain('Demo merchant "Tienda Demo" (approved, site https://tienda-demo.example registered)');
    child.kill('SIGTERM');
    await exited(child);
  }, 150_000);
});
