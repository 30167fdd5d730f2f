// A projection and its batches: events applied with the checkpoint in one transaction (DESIGN.md section 2).
import type { DataSource, EntityManager } from 'typeorm';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../../application/ports/event-store.port.js';
import { advanceCheckpoint } from './checkpoint.js';

export interface Projection {
  readonly name: string;
  /** Applies events in global order inside the batch's transaction; applying an event twice changes nothing. */
  apply(manager: EntityManager, events: readonly RecordedEvent[]): Promise<void>;
  /**
   * Event types the projection reads; other events change nothing in it. A batch with none of them only moves the
   * checkpoint (one statement, no transaction). Absent: every event may matter.
   */
  readonly types?: ReadonlySet<string>;
  /** Empties the read model, inside the transaction that resets the checkpoint (a rebuild). */
  clear(manager: EntityManager): Promise<void>;
}

export interface BatchResult {
  position: GlobalPosition;
  events: number;
}

/** Applies events read after `from`, and moves the checkpoint to the last of them, in one transaction. */
export async function applyBatch(
  dataSource: DataSource,
  projection: Projection,
  from: GlobalPosition,
  events: readonly RecordedEvent[],
): Promise<BatchResult> {
  const last = events.at(-1);
  if (!last) return { position: from, events: 0 };
  const { types } = projection;
  if (types && !events.some((event) => types.has(event.type))) {
    await advanceCheckpoint(dataSource.manager, projection.name, from, last.position, events.length);
    return { position: last.position, events: events.length };
  }
  await dataSource.transaction(async (manager) => {
    await projection.apply(manager, events);
    await advanceCheckpoint(manager, projection.name, from, last.position, events.length);
  });
  return { position: last.position, events: events.length };
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
