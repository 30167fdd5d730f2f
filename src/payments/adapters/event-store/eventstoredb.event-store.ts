// The EventStoreDB event store (production, docker-compose.yml), through @eventstore/db-client 6.
import { Logger } from '@nestjs/common';
import {
  END,
  EventStoreDBClient,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type Position,
} from '@eventstore/db-client';
import { clientConnectionString, isSystem, toEsdbExpected, toRecordedEvent, toWrongExpectedRevision, unansweredReason } from './eventstoredb.mapping.js';
import {
  EventStoreUnavailable,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../application/ports/event-store.port.js';

/** The subscription that wakes readers is tried again after 1 s, doubling while the store does not answer. */
const RESUBSCRIBE_DELAY_MS = 1000;
const MAX_RESUBSCRIBE_DELAY_MS = 30_000;

export class EventStoreDbEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private resubscribeDelay = RESUBSCRIBE_DELAY_MS;
  private closed = false;
  /** True from a call the store did not answer until one it answers: the outage is logged once, not per call. */
  private unreachable = false;

  private constructor(
    private readonly client: EventStoreDBClient,
    private readonly logger: Pick<Logger, 'log' | 'error'>,
  ) {}

  /**
   * The client connects on first use, so a wrong URL shows at the first append or read. A store that does not answer
   * costs each call at most the client's deadline (`defaultDeadline` in the URL, 10 s by default).
   */
  static async connect(url: string, logger: Pick<Logger, 'log' | 'error'> = new Logger('EventStoreDB')): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(clientConnectionString(url)), logger);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Nothing to append to ${streamId}`);
    const data = events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: { ...event.metadata } }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { expectedRevision: toEsdbExpected(expected) });
      this.answered();
      return { nextRevision: Number(result.nextExpectedRevision) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        this.answered();
        throw toWrongExpectedRevision(streamId, expected, error);
      }
      throw this.translate(error);
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) {
        this.answered();
        return [];
      }
      throw this.translate(error);
    }
    this.answered();
    return events;
  }

  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    try {
      const events = await this.readAllPages(after, limit);
      this.answered();
      return events;
    } catch (error) {
      throw this.translate(error);
    }
  }

  private async readAllPages(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from: Position | typeof ESDB_START = after.commit < 0n ? ESDB_START : { ...after };
    let skip: GlobalPosition | null = after.commit < 0n ? null : after;
    // System events ($-types, $-streams) count against maxCount but are not ours: read pages until `limit` is met.
    while (events.length < limit) {
      const page = limit - events.length + 1;
      let read = 0;
      let last: Position | null = null;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: page })) {
        read++;
        const recorded = resolved.event;
        if (!recorded) continue;
        last = recorded.position;
        // Reads from $all start AT the given position; the contract is strictly after it.
        if (skip && recorded.position.commit === skip.commit && recorded.position.prepare === skip.prepare) continue;
        if (isSystem(recorded)) continue;
        const event = toRecordedEvent(resolved);
        if (event && events.length < limit) events.push(event);
      }
      if (read < page || !last) break;
      from = last;
      skip = last;
    }
    return events;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.subscription && !this.resubscribeTimer) this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unsubscribe();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    await this.client.dispose();
  }

  private subscribe(): void {
    if (this.closed) return;
    // From the end: only new events matter here, readers catch up with readAll.
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('confirmation', () => {
      this.resubscribeDelay = RESUBSCRIBE_DELAY_MS;
    });
    subscription.on('data', () => this.notify());
    subscription.on('error', () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      // Quietly: the readers woken below meet the outage themselves, and say so once.
      const delay = this.resubscribeDelay;
      this.resubscribeDelay = Math.min(delay * 2, MAX_RESUBSCRIBE_DELAY_MS);
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        if (this.listeners.size > 0) this.subscribe();
        // Events may have been appended while the subscription was down.
        this.notify();
      }, delay);
    });
  }

  /**
   * The one place the client's errors for a store that does not answer become the port's EventStoreUnavailable
   * (unansweredReason says which). Anything else is a bug and stays as it is.
   */
  private translate(error: unknown): unknown {
    const reason = unansweredReason(error);
    if (reason === undefined) return error;
    if (!this.unreachable) {
      this.unreachable = true;
      this.logger.error(`EventStoreDB does not answer (${reason}); requests answer 503 until it does`);
    }
    return new EventStoreUnavailable(reason);
  }

  private answered(): void {
    if (!this.unreachable) return;
    this.unreachable = false;
    this.logger.log('EventStoreDB answers again');
  }

  private unsubscribe(): void {
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = null;
    const subscription = this.subscription;
    this.subscription = null;
    subscription?.unsubscribe().catch(() => undefined);
  }

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the others still hear of the append.
      }
    }
  }
}
