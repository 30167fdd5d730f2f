// The EventStoreDB event store (production, docker-compose.yml), through @eventstore/db-client 6.
import { Logger } from '@nestjs/common';
import {
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type Position,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { callDeadlineMs, clientConnectionString, isSystem, toAppendResult, toEsdbExpected, toRecordedEvent, toWrongExpectedRevision, unansweredReason } from './eventstoredb.mapping.js';
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

  private readonly client: EventStoreDBClient;
  private readonly deadlineMs: number;

  private constructor(
    private readonly connectionString: string,
    private readonly logger: Pick<Logger, 'log' | 'error'>,
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.deadlineMs = callDeadlineMs(connectionString);
  }

  /**
   * The client connects on first use, so a wrong URL shows at the first append or read. A store that does not answer
   * costs each call at most the deadline (`defaultDeadline` in the URL, 10 s by default), which the adapter keeps
   * itself: the client applies it to neither reads nor the features request before an append.
   */
  static async connect(url: string, logger: Pick<Logger, 'log' | 'error'> = new Logger('EventStoreDB')): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(clientConnectionString(url), logger);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Nothing to append to ${streamId}`);
    const data = events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: { ...event.metadata } }),
    );
    try {
      const result = await this.bounded((client) =>
        client.appendToStream(streamId, data, { expectedRevision: toEsdbExpected(expected) }),
      );
      this.answered();
      return toAppendResult(streamId, expected, result);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        this.answered();
        throw toWrongExpectedRevision(streamId, expected, error);
      }
      throw this.translate(error);
    }
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    let resolved: ResolvedEvent[];
    try {
      resolved = await this.collect((client) => client.readStream(streamId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) {
        this.answered();
        return [];
      }
      throw this.translate(error);
    }
    this.answered();
    return resolved.flatMap((event) => toRecordedEvent(event) ?? []);
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
      const fromPosition = from;
      const read = await this.collect((client) => client.readAll({ fromPosition, maxCount: page }));
      let last: Position | null = null;
      for (const resolved of read) {
        const recorded = resolved.event;
        if (!recorded) continue;
        last = recorded.position;
        // Reads from $all start AT the given position; the contract is strictly after it.
        if (skip && recorded.position.commit === skip.commit && recorded.position.prepare === skip.prepare) continue;
        if (isSystem(recorded)) continue;
        const event = toRecordedEvent(resolved);
        if (event && events.length < limit) events.push(event);
      }
      if (read.length < page || !last) break;
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

  /**
   * One call on the current client, bounded by the deadline. The client gives reads none (readStream and readAll
   * pass `deadline: Infinity`) and asks the server's features before an append without one, so against a host that
   * takes the connection and says nothing each call waited for ever. Past the deadline the call fails as the client's
   * own DeadlineExceededError (translated to EventStoreUnavailable), and what it started is cancelled. A new client
   * would not escape such a connection: grpc-js shares it between the clients of a process (its global subchannel
   * pool) and waits for the server's HTTP/2 settings without a time limit, so calls answer 503 at the deadline until
   * that connection ends or the server speaks.
   */
  private async bounded<T>(call: (client: EventStoreDBClient, onExpiry: (cancel: () => void) => void) => Promise<T>): Promise<T> {
    let cancel: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const work = call(this.client, (stop) => {
      cancel = stop;
    });
    work.catch(() => undefined); // a late failure after the deadline has nobody to tell
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cancel?.();
        reject(new DeadlineExceededError(undefined, `no answer within ${this.deadlineMs} ms`));
      }, this.deadlineMs);
    });
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every event of one read call, within the deadline. */
  private collect<E extends ResolvedEvent>(open: (client: EventStoreDBClient) => StreamingRead<E>): Promise<E[]> {
    return this.bounded(async (client, onExpiry) => {
      const stream = open(client);
      onExpiry(() => {
        stream.cancel().catch(() => undefined);
        stream.destroy();
      });
      const read: E[] = [];
      for await (const resolved of stream) read.push(resolved as E);
      return read;
    });
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
    // Lost by an error, or ended by the server without one (a leader change, a restart, a proxy closing the stream):
    // either way nothing wakes the readers any more until a new subscription does.
    const lost = () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      // Quietly: the readers woken below meet an outage themselves, and say so once.
      const delay = this.resubscribeDelay;
      this.resubscribeDelay = Math.min(delay * 2, MAX_RESUBSCRIBE_DELAY_MS);
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        if (this.listeners.size > 0) this.subscribe();
        // Events may have been appended while the subscription was down.
        this.notify();
      }, delay);
    };
    subscription.on('error', lost);
    subscription.on('end', lost);
    subscription.on('close', lost);
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
