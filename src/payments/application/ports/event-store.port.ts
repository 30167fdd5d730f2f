// The event store port: one stream per charge, optimistic concurrency, and a global log read in commit order.
// Two adapters implement it (PostgreSQL, EventStoreDB); both pass test/payments/event-store.contract.ts.
import type { EventMetadata } from '../../../kernel/actor.js';
import { DomainError } from '../../../kernel/errors.js';

export const EVENT_STORE = Symbol('EventStore');

/**
 * A place in the global log. For PostgreSQL: (transaction id, global position); for EventStoreDB: (commit, prepare).
 * Ordered by `commit`, then `prepare`. A reader resumes strictly after a position it has seen.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export const START: GlobalPosition = { commit: -1n, prepare: -1n };

export interface NewEvent {
  /** Unique id of the event (uuid); the store keeps it, so a retried append is recognisable. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

export interface RecordedEvent extends NewEvent {
  streamId: string;
  /** 0 for the first event of a stream. */
  revision: number;
  position: GlobalPosition;
  recordedAt: Date;
}

/** `no_stream`: the stream must not exist; a number: the revision of its last event; `any`: no check. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export class WrongExpectedRevision extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}`);
    this.name = 'WrongExpectedRevision';
  }
}

/** Seconds for Retry-After while the store does not answer: longer than a provider's (an outage, not one slow call). */
export const EVENT_STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The store did not answer (unreachable, or no answer within the client's deadline): an outage, answered 503 and
 * retried, never a 500. What was asked may or may not have happened; a retry must find out (as with a provider's
 * time-out). Adapters translate their client's errors into it, so nothing above them knows the client.
 */
export class EventStoreUnavailable extends DomainError {
  constructor(readonly reason: string) {
    super(
      'unavailable',
      'gateway_unavailable',
      'The payment gateway is unavailable for a moment; retry with the same Idempotency-Key, nothing will be duplicated',
      EVENT_STORE_RETRY_AFTER_SECONDS,
    );
  }
}

export interface AppendResult {
  /** Revision of the last event written. */
  nextRevision: number;
}

export interface EventStore {
  /** Appends atomically; throws WrongExpectedRevision when the stream is not where the caller expected it. */
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** Every event of a stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events of the global log strictly after `after`, in global order. Never skips an event
   * whose transaction commits late: such an event is returned after the ones before it, not lost.
   */
  readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]>;
  /** Calls `listener` (without arguments) soon after new events may be readable. Returns an unsubscribe. */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}
