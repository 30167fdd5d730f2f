// A projection and its batches: events applied with the checkpoint in one transaction (DESIGN.md section 2).
import type { DataSource, EntityManager } from 'typeorm';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../../application/ports/event-store.port.js';
import { advanceCheckpoints } from './checkpoint.js';

export interface Projection {
  readonly name: string;
  /** Applies events in global order inside the batch's transaction; applying an event twice changes nothing. */
  apply(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Event types the projection reads; other events change nothing in it. A batch with none of them is not given to
   * it, only its checkpoint moves (one statement and no transaction when no other projection of the batch reads
   * it). Absent: every event may matter.
   */
  readonly types?: ReadonlySet<string>;
  /** Empties the read model, inside the transaction that resets the checkpoint (the operator's rebuild swaps instead). */
  clear(manager: EntityManager): Promise<void>;
}

export interface BatchResult {
  position: GlobalPosition;
  events: number;
}

/** A projection fed by a shared read of the log, at its own checkpoint. */
export interface Member {
  readonly projection: Projection;
  readonly position: GlobalPosition;
}

/** Applies events read after `from`, and moves the checkpoint to the last of them, in one transaction. */
export async function applyBatch(
  dataSource: DataSource,
  projection: Projection,
  from: GlobalPosition,
  events: readonly RecordedEvent[],
): Promise<BatchResult> {
  const [position = from] = await applyToMembers(dataSource, [{ projection, position: from }], events);
  return { position, events: events.length };
}

/**
 * Applies a batch read after the lowest member's position: each member gets only the events after its own position,
 * and every member that got some moves its checkpoint to the batch's last event, all in one transaction (one member
 * failing moves none). Answers the members' new positions, in their order.
 */
export async function applyToMembers(
  dataSource: DataSource,
  members: readonly Member[],
  events: readonly RecordedEvent[],
): Promise<GlobalPosition[]> {
  const last = events.at(-1);
  if (!last) return members.map((member) => member.position);
  const shares = members.map((member) => ({ ...member, events: eventsAfter(events, member.position) }));
  const moving = shares.filter((share) => share.events.length > 0);
  const moves = moving.map((share) => ({
    projection: share.projection.name,
    from: share.position,
    to: last.position,
    events: share.events.length,
  }));
  const applying = moving.filter((share) => reads(share.projection, share.events));
  // A batch that none of them reads only moves the checkpoints: one statement, no transaction.
  if (applying.length === 0) await advanceCheckpoints(dataSource.manager, moves);
  else {
    await dataSource.transaction(async (manager) => {
      for (const share of applying) await share.projection.apply(manager, share.events);
      await advanceCheckpoints(manager, moves);
    });
  }
  return shares.map((share) => (share.events.length > 0 ? last.position : share.position));
}

/** The events of a batch (in log order) after `position`. */
function eventsAfter(events: readonly RecordedEvent[], position: GlobalPosition): readonly RecordedEvent[] {
  const first = events.findIndex((event) => comparePositions(event.position, position) > 0);
  if (first === -1) return [];
  return first === 0 ? events : events.slice(first);
}

function reads(projection: Projection, events: readonly RecordedEvent[]): boolean {
  const { types } = projection;
  return !types || events.some((event) => types.has(event.type));
}

/**
 * Reads the global log batch after batch, the next read under way while the caller applies the current batch (a
 * replay then costs about the larger of reading and writing, not their sum).
 */
export class BatchReader {
  private next: { from: GlobalPosition; events: Promise<RecordedEvent[]> } | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly batchSize: number,
  ) {}

  async read(from: GlobalPosition): Promise<RecordedEvent[]> {
    const ahead = this.next;
    this.next = null;
    const events =
      ahead && comparePositions(ahead.from, from) === 0 ? await ahead.events : await this.store.readAll(from, this.batchSize);
    const last = events.at(-1);
    // Only a full batch suggests more is waiting; a short one means the reader is at the end of the log.
    if (last && events.length === this.batchSize) {
      const promise = this.store.readAll(last.position, this.batchSize);
      promise.catch(() => undefined); // surfaces when awaited; a dropped read-ahead must not go unhandled
      this.next = { from: last.position, events: promise };
    }
    return events;
  }

  /** Forgets the read-ahead, e.g. after a failed batch whose checkpoint did not move. */
  reset(): void {
    this.next = null;
  }
}
