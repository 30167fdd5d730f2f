// The EventStoreDB event store (production, docker-compose.yml), through @eventstore/db-client 6.
import {
  ANY,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventMetadata } from '../../../kernel/actor.js';
import {
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../application/ports/event-store.port.js';

const RESUBSCRIBE_DELAY_MS = 1000;

export class EventStoreDbEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private subscription: AllStreamSubscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(private readonly client: EventStoreDBClient) {}

  /** The client connects on first use, so a wrong URL shows at the first append or read. */
  static async connect(url: string): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Nothing to append to ${streamId}`);
    const data = events.map((event) =>
      jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: { ...event.metadata } }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { expectedRevision: toEsdbExpected(expected) });
      return { nextRevision: Number(result.nextExpectedRevision) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevision(streamId, expected, actual);
      }
      throw error;
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
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
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
    subscription.on('data', () => this.notify());
    subscription.on('error', () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      this.resubscribeTimer = setTimeout(() => {
        this.resubscribeTimer = null;
        if (this.listeners.size > 0) this.subscribe();
        // Events may have been appended while the subscription was down.
        this.notify();
      }, RESUBSCRIBE_DELAY_MS);
    });
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

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

function isSystem(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event || !event.isJson || !isObject(event.data) || !isObject(event.metadata)) return null;
  const position = event.position ?? { commit: resolved.commitPosition ?? -1n, prepare: resolved.commitPosition ?? -1n };
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: { commit: position.commit, prepare: position.prepare },
    recordedAt: event.created,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
