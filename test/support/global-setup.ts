// One throw-away PostgreSQL for the whole run (or TEST_DATABASE_URL); each test file makes its own database in it.
import { mkdtempSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/kernel/embedded-postgres.ts';
import { freePort } from './ports.ts';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-test-'));
  chmodSync(parent, 0o755);
  const db = await startEmbeddedPostgres({
    dir: path.join(parent, 'pg'),
    port: await freePort(),
    database: 'postgres',
    persistent: false,
    log: (line: string) => process.stderr.write(`${line}\n`),
  });
  process.env.TEST_DATABASE_URL = db.url;
  (globalThis as { __pasarelaPg?: { stop(): Promise<void> } }).__pasarelaPg = db;
}
