// Raw SQL rows for every statement kind: TypeORM's plain query() answers [rows, count] for an UPDATE ... RETURNING.
import type { EntityManager, QueryResult } from 'typeorm';

export async function rowsOf<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = (await runner.query(sql, params, true)) as QueryResult<T>;
    return result.records ?? [];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}
