// Fresh tables for a replay: a schema of its own holding empty copies (LIKE ... INCLUDING ALL) of the live tables.
// A projection applied with that schema first on its search_path writes there, with its SQL unchanged. The copies
// are UNLOGGED and keep only their unique indexes (which decide what ON CONFLICT does): they are thrown away, and a
// replay of 1,000,000 events spent most of its time maintaining WAL and secondary indexes.
import type { DataSource, EntityManager } from 'typeorm';
import type { ReadModel } from './read-models.js';

type Queryable = Pick<DataSource | EntityManager, 'query'>;

export interface TableChecksum {
  table: string;
  rows: number;
  /**
   * The sum of every row's md5 (as a 128-bit number, modulo 2^128), in hex: equal for the same rows whatever their
   * physical order, and computed in one pass without sorting.
   */
  checksum: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Identifiers are ours (the registry's table names, a generated schema name), checked anyway before use in SQL. */
export function quoted(identifier: string): string {
  if (!IDENTIFIER.test(identifier)) throw new Error(`Not a plain identifier: ${identifier}`);
  return `"${identifier}"`;
}

export async function createScratch(dataSource: DataSource, schema: string, models: readonly ReadModel[]): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`CREATE SCHEMA ${quoted(schema)}`);
    const copy = (table: string): Promise<unknown> =>
      manager.query(`CREATE UNLOGGED TABLE ${quoted(schema)}.${quoted(table)} (LIKE public.${quoted(table)} INCLUDING ALL)`);
    for (const model of models) {
      for (const table of model.tables) await copy(table);
      for (const shadow of model.shadows) {
        await copy(shadow.table);
        if (shadow.copyRows) {
          await manager.query(`INSERT INTO ${quoted(schema)}.${quoted(shadow.table)} SELECT * FROM public.${quoted(shadow.table)}`);
        }
      }
    }
    const secondary = await manager.query<Array<{ name: string }>>(
      `SELECT ic.relname AS name FROM pg_index i
         JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_namespace n ON n.oid = ic.relnamespace
        WHERE n.nspname = $1 AND NOT i.indisunique`,
      [schema],
    );
    for (const { name } of secondary) await manager.query(`DROP INDEX ${quoted(schema)}.${quoted(name)}`);
  });
}

export async function dropScratch(dataSource: DataSource, schema: string): Promise<void> {
  await dataSource.query(`DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE`);
}

/** Runs `work` in one transaction whose unqualified table names resolve to the scratch schema first. */
export async function inScratch(dataSource: DataSource, schema: string, work: (manager: EntityManager) => Promise<void>): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL search_path TO ${quoted(schema)}, public`);
    // Throw-away tables: a crash loses a replay, which is simply run again.
    await manager.query('SET LOCAL synchronous_commit TO off');
    await work(manager);
  });
}

export async function checksum(db: Queryable, schema: string, table: string): Promise<TableChecksum> {
  // Each half of the md5 as an unsigned 64-bit number, summed exactly (numeric), then recombined modulo 2^128.
  const rows = await db.query<Array<{ rows: string; high: string; low: string }>>(
    `SELECT count(*)::text AS rows,
            coalesce(sum(('x' || substr(h, 1, 16))::bit(64)::bigint::numeric + 9223372036854775808), 0)::text AS high,
            coalesce(sum(('x' || substr(h, 17, 16))::bit(64)::bigint::numeric + 9223372036854775808), 0)::text AS low
       FROM (SELECT md5(t::text) AS h FROM ${quoted(schema)}.${quoted(table)} AS t) AS hashed`,
  );
  const row = rows[0];
  const sum = (BigInt(row?.high ?? '0') << 64n) + BigInt(row?.low ?? '0');
  const checksum = (sum % (1n << 128n)).toString(16).padStart(32, '0');
  return { table, rows: Number(row?.rows ?? 0), checksum };
}
