// The hot path's statements as named prepared statements, sent straight to the pool TypeORM holds. PostgreSQL then
// parses each once per connection instead of on every call, and a call skips TypeORM's query runner and broadcaster.
// Each run is still planned afresh (plan_cache_mode, kernel/database.ts): the events table grows from empty, and a
// generic plan made early (an EXISTS as a hash of the whole table) cost 16 ms a batch at 100,000 events.
// For statements run often with one fixed text; anything else goes through the DataSource as usual.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DataSource } from 'typeorm';

export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** A statement named after its text: two texts never share a name (a connection keeps one plan per name). */
export function prepared(text: string): PreparedStatement {
  return { name: `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text };
}

/** Runs `statement` on a connection of the data source's pool; answers its rows. Errors are pg's (code, constraint). */
export async function runPrepared<R extends pg.QueryResultRow>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<R[]> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const result = await pool.query<R>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
