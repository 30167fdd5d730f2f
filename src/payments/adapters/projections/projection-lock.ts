// One active runner per projection across processes: a session advisory lock held on a dedicated connection.
import type { DataSource, QueryRunner } from 'typeorm';

/** First key of the two-key advisory lock, so projection locks do not collide with other advisory locks. */
const PROJECTION_LOCK_CLASS = 0x70726f6a; // 'proj'

export interface ProjectionLock {
  /** False once the connection holding the lock is gone (the lock went with it). */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

/** Takes the projection's lock if no one holds it, without waiting; null when another runner has it. */
export async function tryLockProjection(dataSource: DataSource, projection: string): Promise<ProjectionLock | null> {
  const runner = dataSource.createQueryRunner();
  try {
    const rows = (await runner.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
      PROJECTION_LOCK_CLASS,
      projection,
    ])) as Array<{ locked: boolean }>;
    if (rows[0]?.locked === true) return lockOn(runner, projection);
  } catch (error) {
    await runner.release().catch(() => undefined);
    throw error;
  }
  await runner.release();
  return null;
}

function lockOn(runner: QueryRunner, projection: string): ProjectionLock {
  return {
    async held() {
      if (runner.isReleased) return false;
      try {
        await runner.query('SELECT 1');
        return true;
      } catch {
        await runner.release().catch(() => undefined);
        return false;
      }
    },
    async release() {
      if (runner.isReleased) return;
      try {
        await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [PROJECTION_LOCK_CLASS, projection]);
      } finally {
        await runner.release();
      }
    },
  };
}
