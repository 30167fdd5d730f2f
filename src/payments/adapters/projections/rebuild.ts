// Rebuilds a read model from position 0 (DESIGN.md section 2: auditors rely on a rebuild equal to the live rows).
import type { DataSource } from 'typeorm';
import { START, type EventStore, type GlobalPosition } from '../../application/ports/event-store.port.js';
import { CheckpointMoved, loadCheckpoint, resetCheckpoint } from './checkpoint.js';
import { chargesProjection } from './charges.projection.js';
import { tryLockProjections } from './projection-lock.js';
import { applyBatch, BatchReader, type Projection } from './projection.js';

export interface RebuildResult {
  projection: string;
  /** Events applied from position 0 up to the end of the readable log. */
  events: number;
  position: GlobalPosition;
  /** `rebuild` when this call replayed the log; `live-projector` when the running projector did, and this call waited. */
  replayedBy: 'rebuild' | 'live-projector';
  durationMs: number;
}

export interface RebuildOptions {
  batchSize?: number;
  /** Only when a live projector replays: how long to wait for it to reach the end of the log. */
  timeoutMs?: number;
}

const WAIT_POLL_MS = 100;

/**
 * Empties the read model and resets its checkpoint in one transaction, then replays the log from position 0.
 * When a projector is running (it holds the projection's lock) it sees the reset and does the replay; this call then
 * waits until it has reached the end of the readable log.
 */
export async function rebuildProjection(
  dataSource: DataSource,
  store: EventStore,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<RebuildResult> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 1000;
  const lock = await tryLockProjections(dataSource, [projection.name]);
  let replayed = lock !== null;
  try {
    await dataSource.transaction(async (manager) => {
      await projection.clear(manager);
      await resetCheckpoint(manager, projection.name);
    });
    if (lock) await replay(dataSource, store, projection, batchSize, START);
    else {
      const deadline = started + (options.timeoutMs ?? 600_000);
      replayed = await waitForLiveProjector(dataSource, store, projection, batchSize, deadline);
    }
  } finally {
    await lock?.release();
  }
  const checkpoint = await loadCheckpoint(dataSource, projection.name);
  return {
    projection: projection.name,
    events: checkpoint.eventsApplied,
    position: checkpoint.position,
    replayedBy: replayed ? 'rebuild' : 'live-projector',
    durationMs: Date.now() - started,
  };
}

/** Applies the log after `from` to the end of the readable log; the caller holds the projection's lock. */
async function replay(
  dataSource: DataSource,
  store: EventStore,
  projection: Projection,
  batchSize: number,
  from: GlobalPosition,
): Promise<void> {
  const reader = new BatchReader(store, batchSize);
  let position = from;
  for (let events = await reader.read(position); events.length > 0; events = await reader.read(position)) {
    try {
      position = (await applyBatch(dataSource, projection, position, events)).position;
    } catch (error) {
      // A second rebuild, finding the lock taken, emptied the read model again and now waits for this one to
      // reach the end of the log: go on from where it left the checkpoint (position 0), not fail with a 500.
      if (!(error instanceof CheckpointMoved)) throw error;
      reader.reset();
      position = (await loadCheckpoint(dataSource, projection.name)).position;
    }
  }
}

/**
 * Waits until the checkpoint reaches the end of the readable log. Should the lock come free meanwhile (no projector
 * runs, and the rebuild that held it finished before it saw this one's reset), replays the rest itself: answers
 * true then.
 */
async function waitForLiveProjector(
  dataSource: DataSource,
  store: EventStore,
  projection: Projection,
  batchSize: number,
  deadline: number,
): Promise<boolean> {
  for (;;) {
    const { position } = await loadCheckpoint(dataSource, projection.name);
    if ((await store.readAll(position, 1)).length === 0) return false;
    const lock = await tryLockProjections(dataSource, [projection.name]);
    if (lock) {
      try {
        const { position: from } = await loadCheckpoint(dataSource, projection.name);
        await replay(dataSource, store, projection, batchSize, from);
        return true;
      } finally {
        await lock.release();
      }
    }
    if (Date.now() > deadline) throw new Error(`Rebuild of ${projection.name}: the live projector did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

export interface ChargesRebuildResult extends RebuildResult {
  /** Charges in the read model afterwards. */
  charges: number;
}

/** The operator's rebuild of the charges read model (GET /pagos). */
export async function rebuildCharges(
  dataSource: DataSource,
  store: EventStore,
  options: RebuildOptions = {},
): Promise<ChargesRebuildResult> {
  const result = await rebuildProjection(dataSource, store, chargesProjection, options);
  const rows = await dataSource.query<Array<{ count: number }>>('SELECT count(*)::int AS count FROM charges');
  return { ...result, charges: rows[0]?.count ?? 0 };
}
