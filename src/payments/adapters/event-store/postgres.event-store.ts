// The PostgreSQL event store: the embedded default and CI (DESIGN.md section 2).
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { EventMetadata } from '../../../kernel/actor.js';
import { Batcher } from '../../../kernel/batcher.js';
import { prepared, runPrepared, type PreparedStatement } from '../../../kernel/prepared.js';
import {
  WrongExpectedRevision,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../application/ports/event-store.port.js';
import { PostgresNotifications } from './postgres-notifications.js';

const UNIQUE_VIOLATION = '23505';
const REVISION_CONSTRAINT = 'events_stream_revision';
/** PostgreSQL's name for `event_id uuid UNIQUE` (migration 1764000000000): an event id the log has already. */
const EVENT_ID_CONSTRAINT = 'events_event_id_key';
const ANY_ATTEMPTS = 5;

const COLUMNS = `transaction_id::text AS commit, global_position::text AS prepare, stream_id, revision, event_id, type,
  data, metadata, recorded_at`;

// Only transactions older than every one still running: a later commit of an earlier transaction cannot
// appear behind the reader. Resuming after the pair, never the position alone (DESIGN.md section 2).
const READ_ALL = prepared(`
  SELECT ${COLUMNS} FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id, global_position
  LIMIT $3`);

const READ_STREAMS = prepared(`SELECT ${COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision`);

interface EventRow {
  commit: string;
  prepare: string;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
}

type Query = <T>(sql: string, parameters: unknown[]) => Promise<T>;

/**
 * A statement that decides, in the same statement as the events, which new streams may start (e.g. the idempotency
 * claim: DESIGN.md 5.3). It reads its rows from `$1`, a JSON array of the `row`s of every start in the batch, each
 * with its place in the batch as `n`, and returns a `stream_id` column: the streams it allows. One `sql` per kind
 * of start: starts with the same `sql` share a statement.
 */
export interface StreamGuard {
  sql: string;
  row: Record<string, unknown>;
}

interface GuardedStart {
  guard: StreamGuard;
  streamId: string;
  events: NewEvent[];
}

/** One event at a known revision: the common append (a command on a charge), batched. */
interface SingleAppend {
  streamId: string;
  revision: number;
  event: NewEvent;
}

/** The events of a batch as one JSON parameter, read back with jsonb_to_recordset in this order (`n`). */
const EVENT_RECORD = 'stream_id text, revision integer, event_id uuid, type text, data jsonb, metadata jsonb, n integer';

const eventRecord = (streamId: string, revision: number, event: NewEvent, n: number): Record<string, unknown> => ({
  stream_id: streamId,
  revision,
  event_id: event.id,
  type: event.type,
  data: event.data,
  metadata: event.metadata,
  n,
});

// `no_stream` appends write revision 0; a numbered one needs its previous revision to exist (checked in the same
// statement). A revision taken meanwhile is skipped, not an error: that append alone gets WrongExpectedRevision.
// The check is a scalar subquery, so it is always one probe per row (by index once the log is large): as an EXISTS
// the planner may hash a scan of the whole events table instead, which a plan made while the table was small did for
// every batch (16 ms each at 100,000 events).
export const SINGLE_APPENDS = prepared(`
  INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
  SELECT e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata
    FROM jsonb_to_recordset($1::jsonb) AS e(${EVENT_RECORD})
   WHERE e.revision = 0
      OR (SELECT true FROM events p WHERE p.stream_id = e.stream_id AND p.revision = e.revision - 1 LIMIT 1)
   ORDER BY e.n
  ON CONFLICT ON CONSTRAINT ${REVISION_CONSTRAINT} DO NOTHING
  RETURNING event_id`);

/** The guard's statement and the events it lets start, as one statement (see StreamGuard). */
const startStreamsStatement = (guardSql: string): PreparedStatement =>
  prepared(`
    WITH guard AS (${guardSql})
    INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
    SELECT e.stream_id, e.revision, e.event_id, e.type, e.data, e.metadata
      FROM jsonb_to_recordset($2::jsonb) AS e(${EVENT_RECORD})
     WHERE e.stream_id IN (SELECT stream_id FROM guard)
     ORDER BY e.n
    RETURNING event_id`);

export class PostgresEventStore implements EventStore {
  /** Transactions that appended through appendWithin: the append is announced when they commit. */
  private readonly uncommitted = new WeakSet<QueryRunner>();
  private readonly commits: EntitySubscriberInterface = {
    afterTransactionCommit: ({ queryRunner }) => {
      if (this.uncommitted.delete(queryRunner)) this.notifications.signal();
    },
    afterTransactionRollback: ({ queryRunner }) => {
      this.uncommitted.delete(queryRunner);
    },
  };

  private readonly singleAppends = new Batcher<SingleAppend, boolean>(async (appends) => {
    const records = appends.map(({ streamId, revision, event }, n) => eventRecord(streamId, revision, event, n));
    const written = await runPrepared<{ event_id: string }>(this.dataSource, SINGLE_APPENDS, [JSON.stringify(records)]);
    if (written.length > 0) this.notifications.signal();
    const done = new Set(written.map((row) => row.event_id));
    return appends.map(({ event }) => done.has(event.id.toLowerCase()));
  });

  private readonly guardedStarts = new Map<string, Batcher<GuardedStart, boolean>>();

  /** Every GET /pagos/{id} and every command folds a stream: concurrent reads share one statement. */
  private readonly streamReads = new Batcher<string, RecordedEvent[]>(async (streamIds) => {
    const rows = await runPrepared<EventRow>(this.dataSource, READ_STREAMS, [streamIds]);
    const streams = new Map<string, RecordedEvent[]>();
    for (const row of rows) {
      const events = streams.get(row.stream_id) ?? [];
      events.push(toRecordedEvent(row));
      streams.set(row.stream_id, events);
    }
    return streamIds.map((streamId) => streams.get(streamId) ?? []);
  });

  private constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: PostgresNotifications,
  ) {}

  static async open(dataSource: DataSource, databaseUrl: string): Promise<PostgresEventStore> {
    const notifications = new PostgresNotifications(dataSource, databaseUrl);
    await notifications.start();
    const store = new PostgresEventStore(dataSource, notifications);
    dataSource.subscribers.push(store.commits);
    return store;
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const [event] = events;
    if (events.length === 1 && event && expected !== 'any') {
      const revision = expected === 'no_stream' ? 0 : expected + 1;
      if (await this.singleAppends.submit({ streamId, revision, event })) return { nextRevision: revision };
      throw new WrongExpectedRevision(streamId, expected, await this.currentRevision(streamId));
    }
    const query: Query = (sql, parameters) => this.dataSource.query(sql, parameters);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.appendWith(query, streamId, events, expected);
        this.notifications.signal();
        return result;
      } catch (error) {
        // `any` promises no check: a concurrent append that took the next revision is simply retried.
        const retry = expected === 'any' && error instanceof WrongExpectedRevision && attempt < ANY_ATTEMPTS;
        if (!retry) throw error;
      }
    }
  }

  /** Appends inside the caller's transaction (e.g. with the idempotency claim), committed with it. */
  async appendWithin(
    manager: EntityManager,
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const result = await this.appendWith((sql, parameters) => manager.query(sql, parameters), streamId, events, expected);
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) this.uncommitted.add(runner);
    else this.notifications.signal();
    return result;
  }

  /**
   * Starts a new stream in the same statement as `guard` (see StreamGuard), and only when the guard allows it: one
   * round trip, atomic, no transaction to open; concurrent starts with the same guard share the statement. Used by
   * the idempotency claim, which must commit with the charge's first event (DESIGN.md 5.3). False when the guard
   * refused.
   */
  async startStreamIf(guard: StreamGuard, streamId: string, events: NewEvent[]): Promise<boolean> {
    if (events.length === 0) throw new Error(`Nothing to append to ${streamId}`);
    let batcher = this.guardedStarts.get(guard.sql);
    if (!batcher) {
      const statement = startStreamsStatement(guard.sql);
      batcher = new Batcher((starts) => this.startStreams(statement, starts));
      this.guardedStarts.set(guard.sql, batcher);
    }
    try {
      return await batcher.submit({ guard, streamId, events });
    } catch (error) {
      if (!isRevisionConflict(error)) throw error;
      throw new WrongExpectedRevision(streamId, 'no_stream', await this.currentRevision(streamId));
    }
  }

  private async startStreams(statement: PreparedStatement, starts: GuardedStart[]): Promise<boolean[]> {
    const records: Array<Record<string, unknown>> = [];
    for (const { streamId, events } of starts) {
      events.forEach((event, revision) => records.push(eventRecord(streamId, revision, event, records.length)));
    }
    const written = await runPrepared<{ event_id: string }>(this.dataSource, statement, [
      JSON.stringify(starts.map((start, n) => ({ ...start.guard.row, n }))),
      JSON.stringify(records),
    ]);
    if (written.length > 0) this.notifications.signal();
    const started = new Set(written.map((row) => row.event_id));
    return starts.map((start) => started.has(start.events[0]?.id.toLowerCase() ?? ''));
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    // Two readers of one stream in one batch each get their own copy of its events.
    return [...(await this.streamReads.submit(streamId))];
  }

  async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    // Transaction id 0 is never assigned, so (0, -1) sorts before every stored pair (START is (-1, -1)).
    const commit = after.commit < 0n ? 0n : after.commit;
    const rows = await runPrepared<EventRow>(this.dataSource, READ_ALL, [
      commit.toString(),
      after.prepare.toString(),
      limit,
    ]);
    return rows.map(toRecordedEvent);
  }

  onAppended(listener: () => void): () => void {
    return this.notifications.subscribe(listener);
  }

  async close(): Promise<void> {
    const at = this.dataSource.subscribers.indexOf(this.commits);
    if (at >= 0) this.dataSource.subscribers.splice(at, 1);
    await this.notifications.close();
  }

  private async appendWith(
    query: Query,
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`Nothing to append to ${streamId}`);
    const { sql, parameters } = appendStatement(streamId, events, expected);
    let written: Array<{ revision: number }>;
    try {
      written = await query(sql, parameters);
    } catch (error) {
      // An event id the log has already is an append retried after it was written (its unique index is checked before
      // the revision's, so the retry meets it first): the stream is not where the retry expected it either.
      if (!isRevisionConflict(error) && !isConflictOn(error, EVENT_ID_CONSTRAINT)) throw error;
      // Another append holds a revision this one needs, or wrote these events; nothing of this one was written.
      throw new WrongExpectedRevision(streamId, expected, await this.currentRevision(streamId));
    }
    if (written.length === 0) throw new WrongExpectedRevision(streamId, expected, await this.currentRevision(streamId));
    return { nextRevision: Math.max(...written.map((row) => row.revision)) };
  }

  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const rows = await this.dataSource.query<Array<{ revision: number | null }>>(
      'SELECT max(revision) AS revision FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.revision ?? 'no_stream';
  }
}

/**
 * One INSERT, one round trip. The unique (stream_id, revision) does the concurrency check: an append expecting the
 * stream at revision n writes n + 1, ..., which fails if another append wrote n + 1 first (the loser waits for the
 * winner's commit, then fails); `no_stream` writes revision 0. An expected revision must also exist: checked in
 * the same statement.
 */
function appendStatement(
  streamId: string,
  events: NewEvent[],
  expected: ExpectedRevision,
): { sql: string; parameters: unknown[] } {
  const parameters: unknown[] = [streamId];
  const parameter = (value: unknown, type: string): string => {
    parameters.push(value);
    return `$${parameters.length}::${type}`;
  };
  const first =
    expected === 'any'
      ? '(SELECT coalesce(max(revision), -1) + 1 FROM events WHERE stream_id = $1)'
      : parameter(expected === 'no_stream' ? 0 : expected + 1, 'integer');
  const rows = events.map(
    (event, k) =>
      `(${parameter(event.id, 'uuid')}, ${parameter(event.type, 'text')}, ${parameter(JSON.stringify(event.data), 'jsonb')}, ` +
      `${parameter(JSON.stringify(event.metadata), 'jsonb')}, ${k})`,
  );
  const exists =
    typeof expected === 'number' ? `WHERE EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND revision = ${first} - 1)` : '';
  const sql = `
    INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
    SELECT $1, ${first} + e.k, e.event_id, e.type, e.data, e.metadata
    FROM (VALUES ${rows.join(', ')}) AS e(event_id, type, data, metadata, k)
    ${exists}
    ORDER BY e.k
    RETURNING revision`;
  return { sql, parameters };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: row.revision,
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    recordedAt: row.recorded_at,
  };
}

function isRevisionConflict(error: unknown): boolean {
  return isConflictOn(error, REVISION_CONSTRAINT);
}

function isConflictOn(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && constraint === name;
}
