// Raw SQL through TypeORM's query runner, with rows and affected counts in one shape for every statement kind.
import type { DataSource, QueryResult, QueryRunner } from 'typeorm';

export interface Rows<T> {
  rows: T[];
  affected: number;
}

export async function run<T>(runner: QueryRunner, sql: string, params: unknown[]): Promise<Rows<T>> {
  const result = (await runner.query(sql, params, true)) as QueryResult<T>;
  return { rows: result.records ?? [], affected: result.affected ?? 0 };
}

export async function once<T>(db: DataSource, sql: string, params: unknown[]): Promise<Rows<T>> {
  const runner = db.createQueryRunner();
  try {
    return await run<T>(runner, sql, params);
  } finally {
    await runner.release();
  }
}

/** A short transaction; `work` returning false rolls it back (a lost race, nothing written). */
export async function inTransaction<T>(
  db: DataSource,
  work: (runner: QueryRunner) => Promise<T | false>,
): Promise<T | false> {
  const runner = db.createQueryRunner();
  try {
    await runner.startTransaction();
    const outcome = await work(runner);
    if (outcome === false) await runner.rollbackTransaction();
    else await runner.commitTransaction();
    return outcome;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}
