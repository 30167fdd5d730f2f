// The TypeORM data source: one pool for the process, schema by migrations run at start (never synchronize).
import pg from 'pg';
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';
import { WatchedClient } from './stalled-queries.js';

/**
 * The session advisory lock that lets one process at a time run migrations: 'pasarela' in ASCII as a 64-bit key.
 * Single-key advisory locks never meet the two-key projection locks (PostgreSQL keeps the two key spaces apart).
 */
const MIGRATIONS_LOCK = 0x7061736172656c61n.toString();

/** How long a request waits for a connection before it is answered 503. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * TCP keepalive on every connection to PostgreSQL, probing after 30 s of silence. The LISTEN and lock connections sit
 * idle for as long as nothing happens: a NAT or load balancer between us and the server (a cloud's, typically after
 * 4-10 minutes) forgets an idle flow without telling either side, and a server host that vanishes sends no reset.
 * Without probes such a connection looks alive forever, and its notices are lost in silence.
 */
export const TCP_KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 30_000 } as const;

/** A connection of its own, outside the pool (LISTEN, a session lock), named as pg_stat_activity shows it. */
export function dedicatedConnection(url: string | undefined, applicationName: string): pg.Client {
  return new pg.Client({ connectionString: url, application_name: applicationName, ...TCP_KEEPALIVE });
}

export interface DatabaseOptions {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 20,
      ...TCP_KEEPALIVE,
      // A server that does not answer at all (a failover, a host gone) would hold a request until TCP gives up, minutes
      // later: give up on a connection after this long, answered 503 like a refused one (kernel/database-outage.ts).
      // It also bounds the wait for a free connection of the pool.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A query on an open connection to a server that stopped answering is not left to wait for TCP: the server is
      // asked, and the connection ended if it is gone (kernel/stalled-queries.ts).
      Client: WatchedClient,
      // Keep transactions short: an open one holds the projector back at its xmin (DESIGN.md section 2).
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'pasarela',
      // Hot statements are named prepared statements (kernel/prepared.ts): parsed once per connection, but planned at
      // every run. A plan kept from when a table was small (PostgreSQL's generic plan) scans it whole once it is big.
      options: '-c plan_cache_mode=force_custom_plan',
    },
  });
  await dataSource.initialize();
  try {
    const [server] = (await dataSource.query("SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version")) as ServerVersion[];
    const unsupported = unsupportedServer(server!);
    if (unsupported) throw new Error(unsupported);
    await runMigrationsAlone(dataSource, options.url);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

interface ServerVersion {
  num: string;
  version: string;
}

/** The oldest PostgreSQL the schema and the projections run on (server_version_num). */
export const OLDEST_POSTGRES = 180_000;

/**
 * Why this server cannot hold Pasarela's data, or null. The charges projection keeps the stats' daily totals from
 * what its writes return (`RETURNING old.*`, PostgreSQL 18): on an older server every batch would fail, the read
 * models would stop and no webhook would leave, long after a start that looked fine. So the start refuses it.
 */
export function unsupportedServer(server: ServerVersion): string | null {
  if (Number(server.num) >= OLDEST_POSTGRES) return null;
  return `the database (DATABASE_URL) runs PostgreSQL ${server.version}; Pasarela needs PostgreSQL 18 or newer`;
}

/**
 * TypeORM does not guard its migrations against another process: two starts on an empty database (ROLE=api and
 * ROLE=worker) both ran the first migrations and one failed on a duplicate type. The lock is held on a connection of
 * its own, outside the pool the migrations use (a pool of one would wait on itself); the second process waits, then
 * finds every migration recorded. Should that connection drop, its lock goes with it, and the migrations' own
 * transactions still refuse a double run.
 */
async function runMigrationsAlone(dataSource: DataSource, url: string): Promise<void> {
  const lock = dedicatedConnection(url, 'pasarela-migrations');
  lock.on('error', () => undefined); // a drop surfaces at the next query, or not at all once released
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATIONS_LOCK]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    // Ending the session releases the lock too; unlock first so a waiting process does not wait on the goodbye.
    await lock.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATIONS_LOCK]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}
