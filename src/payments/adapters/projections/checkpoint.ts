// A projection's checkpoint: the (commit, prepare) pair of the last event it applied, moved in the batch's transaction.
import type { DataSource, EntityManager } from 'typeorm';
import { START, type GlobalPosition } from '../../application/ports/event-store.port.js';

export interface Checkpoint {
  position: GlobalPosition;
  /** Events applied since position 0 (reset by a rebuild). */
  eventsApplied: number;
}

/** The checkpoint moved under a batch (a rebuild reset it, or a second runner got there first). */
export class CheckpointMoved extends Error {
  constructor(readonly projection: string) {
    super(`The checkpoint of projection ${projection} moved during a batch`);
    this.name = 'CheckpointMoved';
  }
}

type Queryable = Pick<DataSource | EntityManager, 'query'>;

interface CheckpointRow {
  commit: string;
  prepare: string;
  events_applied: string;
}

export async function loadCheckpoint(db: Queryable, projection: string): Promise<Checkpoint> {
  const rows = await db.query<CheckpointRow[]>(
    `SELECT commit::text, prepare::text, events_applied::text FROM projection_checkpoints WHERE name = $1`,
    [projection],
  );
  const row = rows[0];
  if (!row) return { position: START, eventsApplied: 0 };
  return {
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    eventsApplied: Number(row.events_applied),
  };
}

/** Moves the checkpoint from `from` to `to`, or throws CheckpointMoved (rolling the batch back) if it is not at `from`. */
export async function advanceCheckpoint(
  manager: EntityManager,
  projection: string,
  from: GlobalPosition,
  to: GlobalPosition,
  events: number,
): Promise<void> {
  const rows = await manager.query<Array<{ moved: number }>>(
    `WITH moved AS (
       INSERT INTO projection_checkpoints AS c (name, commit, prepare, events_applied)
       VALUES ($1, $4, $5, $6)
       ON CONFLICT (name) DO UPDATE
         SET commit = $4, prepare = $5, events_applied = c.events_applied + $6, updated_at = now()
         WHERE c.commit = $2 AND c.prepare = $3
       RETURNING 1
     )
     SELECT count(*)::int AS moved FROM moved`,
    [projection, from.commit.toString(), from.prepare.toString(), to.commit.toString(), to.prepare.toString(), events],
  );
  // A first batch inserts the row; its `from` is START, and a missing row means START.
  if (rows[0]?.moved !== 1) throw new CheckpointMoved(projection);
}

export async function resetCheckpoint(manager: EntityManager, projection: string): Promise<void> {
  await manager.query(
    `INSERT INTO projection_checkpoints (name, commit, prepare, events_applied) VALUES ($1, $2, $3, 0)
     ON CONFLICT (name) DO UPDATE SET commit = $2, prepare = $3, events_applied = 0, updated_at = now()`,
    [projection, START.commit.toString(), START.prepare.toString()],
  );
}
