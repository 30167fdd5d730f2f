// One active runner per projection across processes: session advisory locks held on a dedicated connection.
import type pg from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';

/** First key of the two-key advisory lock, so projection locks do not collide with other advisory locks. */
const PROJECTION_LOCK_CLASS = 0x70726f6a; // 'proj'

export interface ProjectionLock {
  /**
   * True once the connection holding the lock has ended (a database restart, a terminated backend): the lock went with
   * it and another runner may hold it now, so nothing more may be written under it. Known without a query.
   */
  readonly lost: boolean;
  /** False once the connection holding the lock is gone (the lock went with it). */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * Takes the lock of every projection named, or of none, without waiting; null when another runner holds one of them.
 * Each projection keeps a lock of its own (not one per group), so a runner of a single projection (a rebuild) and a
 * group that holds it exclude each other. Taken in name order, one at a time: two groups that share a projection meet
 * on the first lock they share, and the loser gives back what it took.
 */
export async function tryLockProjections(dataSource: DataSource, projections: readonly string[]): Promise<ProjectionLock | null> {
  const runner = dataSource.createQueryRunner();
  const connection = (await runner.connect()) as pg.PoolClient;
  try {
    for (const projection of [...projections].sort()) {
      const rows = (await runner.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
        PROJECTION_LOCK_CLASS,
        projection,
      ])) as Array<{ locked: boolean }>;
      if (rows[0]?.locked !== true) {
        await runner.query('SELECT pg_advisory_unlock_all()');
        await runner.release();
        return null;
      }
    }
  } catch (error) {
    // Session locks outlive a failed statement: none may go back to the pool with the connection.
    await runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await runner.release().catch(() => undefined);
    throw error;
  }
  return lockOn(runner, connection);
}

function lockOn(runner: QueryRunner, connection: pg.PoolClient): ProjectionLock {
  let lost = false;
  const gone = (): void => {
    lost = true;
  };
  connection.on('error', gone);
  connection.on('end', gone);
  const forget = (): void => {
    connection.off('error', gone);
    connection.off('end', gone);
  };
  return {
    get lost() {
      return lost || runner.isReleased;
    },
    async held() {
      if (runner.isReleased) return false;
      try {
        await runner.query('SELECT 1');
        return true;
      } catch {
        forget();
        await runner.release().catch(() => undefined);
        return false;
      }
    },
    async release() {
      if (runner.isReleased) return;
      try {
        // The connection is this lock's alone: every advisory lock it holds is one of these projections'.
        await runner.query('SELECT pg_advisory_unlock_all()');
      } finally {
        forget();
        await runner.release();
      }
    },
  };
}
