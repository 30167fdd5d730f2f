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

/** One projection's checkpoint moving from `from` to `to` over `events` events. */
export interface CheckpointMove {
  projection: string;
  from: GlobalPosition;
  to: GlobalPosition;
  events: number;
}

/** The positions of the projections named, in their order; START for one that has no row yet. */
export async function loadPositions(db: Queryable, projections: readonly string[]): Promise<GlobalPosition[]> {
  const rows = await db.query<Array<{ name: string; commit: string; prepare: string }>>(
    `SELECT name, commit::text, prepare::text FROM projection_checkpoints WHERE name = ANY($1::text[])`,
    [projections],
  );
  const stored = new Map(rows.map((row) => [row.name, { commit: BigInt(row.commit), prepare: BigInt(row.prepare) }]));
  return projections.map((name) => stored.get(name) ?? START);
}

// One statement for every checkpoint of a batch. A row moves only from where the runner thought it was; a missing
// row counts as START, so a first batch (from START) inserts it. Both parts see the rows as they were before the
// statement, and an insert that meets a row made meanwhile does nothing: either way that projection is not returned.
const ADVANCE = `
  WITH moves AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
      AS m(name, from_commit, from_prepare, to_commit, to_prepare, events)
  ), updated AS (
    UPDATE projection_checkpoints AS c
       SET commit = m.to_commit, prepare = m.to_prepare, events_applied = c.events_applied + m.events, updated_at = now()
      FROM moves AS m
     WHERE c.name = m.name AND c.commit = m.from_commit AND c.prepare = m.from_prepare
    RETURNING c.name
  ), inserted AS (
    INSERT INTO projection_checkpoints (name, commit, prepare, events_applied)
    SELECT m.name, m.to_commit, m.to_prepare, m.events FROM moves AS m
     WHERE m.from_commit = $7 AND m.from_prepare = $8
       AND NOT EXISTS (SELECT 1 FROM projection_checkpoints AS c WHERE c.name = m.name)
    ON CONFLICT (name) DO NOTHING
    RETURNING name
  )
  SELECT name FROM updated UNION ALL SELECT name FROM inserted`;

/**
 * Moves every checkpoint of a batch in one statement, or throws CheckpointMoved (rolling the batch back) for the first
 * projection whose checkpoint is not at its `from`.
 */
export async function advanceCheckpoints(manager: EntityManager, moves: readonly CheckpointMove[]): Promise<void> {
  if (moves.length === 0) return;
  const text = (pick: (move: CheckpointMove) => bigint | number): string[] => moves.map((move) => pick(move).toString());
  const rows = await manager.query<Array<{ name: string }>>(ADVANCE, [
    moves.map((move) => move.projection),
    text((move) => move.from.commit),
    text((move) => move.from.prepare),
    text((move) => move.to.commit),
    text((move) => move.to.prepare),
    text((move) => move.events),
    START.commit.toString(),
    START.prepare.toString(),
  ]);
  const moved = new Set(rows.map((row) => row.name));
  const stuck = moves.find((move) => !moved.has(move.projection));
  if (stuck) throw new CheckpointMoved(stuck.projection);
}

export async function resetCheckpoint(manager: EntityManager, projection: string): Promise<void> {
  await manager.query(
    `INSERT INTO projection_checkpoints (name, commit, prepare, events_applied) VALUES ($1, $2, $3, 0)
     ON CONFLICT (name) DO UPDATE SET commit = $2, prepare = $3, events_applied = 0, updated_at = now()`,
    [projection, START.commit.toString(), START.prepare.toString()],
  );
}
