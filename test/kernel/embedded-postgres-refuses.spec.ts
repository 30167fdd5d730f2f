// When the embedded PostgreSQL refuses to start on DATA_DIR, `npm start` (src/main.ts, as a real process) says why, in
// PostgreSQL's own words. Before, it said only "Could not start the embedded PostgreSQL in <dir> on port <n>",
// whatever the cause (a cluster another version made, a lock file it cannot take), and the operator had to guess.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild } from '../support/child-process.js';
import { GATEWAY_PROCESS } from '../support/gateway-process-env.js';
import { freePort } from '../support/ports.js';
import { startEmbeddedPostgres } from '../../src/kernel/embedded-postgres.js';

describe('an embedded PostgreSQL that will not start on DATA_DIR', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-pg-refuses-'));
  const dataDir = path.join(parent, 'data');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('stops the start with PostgreSQL\'s reason (here: the cluster says another version made it)', async () => {
    chmodSync(parent, 0o755);
    const port = await freePort();
    const cluster = path.join(dataDir, 'postgres');
    await (await startEmbeddedPostgres({ dir: cluster, port, database: 'pasarela', persistent: true })).stop();
    writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port), GATEWAY_MAX_LIFETIME_MS: '30000' };
    delete env.DATABASE_URL;
    for (const name of ['PORT', 'ADMIN_PORT', 'SANDBOX_PORT']) env[name] = String(await freePort());
    const refusal = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 30_000).then(
      () => new Error('it started'),
      (error: unknown) => error as Error,
    );
    const output = /^gateway-process\.ts exited \(1\) before it was ready:\n([\s\S]*)$/.exec(refusal.message)?.[1];
    expect(output?.trim()).toBe(
      `Pasarela could not start: Could not start the embedded PostgreSQL in ${cluster} on port ${port}: database files are ` +
        'incompatible with server (The data directory was initialized by PostgreSQL version 17, which is not compatible with this version 18.4.)',
    );
  }, 60_000);
});
