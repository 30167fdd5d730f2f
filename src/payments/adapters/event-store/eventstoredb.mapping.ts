// The EventStoreDB adapter's translations between @eventstore/db-client 6 and the port, kept pure so that they are
// tested here without a server (test/payments/eventstoredb-mapping.spec.ts); the contract suite checks them against one.
import {
  ANY,
  CancelledError,
  DeadlineExceededError,
  NO_STREAM,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  UnknownError,
  convertToCommandError,
  isCommandError,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type RecordedEvent as EsdbRecordedEvent,
  type ResolvedEvent,
  type WrongExpectedVersionError,
} from '@eventstore/db-client';
import type { EventMetadata } from '../../../kernel/actor.js';
import { WrongExpectedRevision, type AppendResult, type ExpectedRevision, type RecordedEvent } from '../../application/ports/event-store.port.js';

/** The client's own default for `defaultDeadline` (its Client constructor). */
const DEFAULT_DEADLINE_MS = 10_000;

export function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/**
 * The port's answer to an append. With `throwOnAppendFailure=false` in the connection string the client answers a
 * wrong expected revision with `success: false` instead of throwing (append.js, batchAppend.js): taken for a write,
 * it would have lost the caller's events without a word.
 */
export function toAppendResult(streamId: string, expected: ExpectedRevision, result: EsdbAppendResult): AppendResult {
  if (!result.success) {
    const current = result.nextExpectedRevision;
    throw new WrongExpectedRevision(streamId, expected, current < 0n ? 'no_stream' : Number(current));
  }
  return { nextRevision: Number(result.nextExpectedRevision) };
}

export function toWrongExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  error: WrongExpectedVersionError,
): WrongExpectedRevision {
  // An append's answer says no_stream; the server's exception metadata says -1 (both in the client's CommandError.js).
  const version = error.actualVersion;
  const actual = version === NO_STREAM || version < 0n ? 'no_stream' : Number(version);
  return new WrongExpectedRevision(streamId, expected, actual);
}

/**
 * A server that is up but takes no write now: not ready (starting, catching up), too busy, or a node that knows no
 * leader during an election. Reads and single appends get these as gRPC UNAVAILABLE, or UNKNOWN for the last
 * (RpcExceptions.cs). A batch append, the client's path for every append to a server that offers it (KurrentDB,
 * EventStoreDB 21.10+), gets them as that write's status with an empty detail (Streams.BatchAppend.cs), which the
 * client makes an UnknownError "Could not recognize <message>" (unpackError.js).
 */
const NOT_HANDLED = /(Server Is Not Ready|Server Is (Too )?Busy|No leader info available in response)$/;

/**
 * Why the store did not answer, for the client's errors that mean so; undefined for any other error (a bug, which
 * stays as it is): those the client itself reconnects on (UNAVAILABLE, a server's CANCELLED, NOT_LEADER during a
 * failover: the client reconnects to the leader it names), a deadline passed (the client's, or the server's own
 * time-out for a write: gRPC ABORTED, which the client calls TimeoutError, or a batch append's Timeout status, which
 * it calls DeadlineExceededError, without a message), a cluster it could not discover, and a server that is up but
 * takes no write now (NOT_HANDLED). The client hands some of them over unconverted (a raw gRPC status while it asks
 * the server's features, a plain Error from discovery), so they are converted here first.
 */
export function unansweredReason(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const converted = convertToCommandError(error);
  const unanswered =
    converted instanceof UnavailableError ||
    converted instanceof DeadlineExceededError ||
    converted instanceof CancelledError ||
    converted instanceof NotLeaderError ||
    converted instanceof TimeoutError ||
    (converted instanceof UnknownError && NOT_HANDLED.test(converted.message)) ||
    /^Failed to discover after \d+ attempts/.test(error.message);
  if (!unanswered) return undefined;
  // gRPC ends its message with an empty "Resolution note: " for a plain address.
  const message = converted.message.replace(/\s*Resolution note:\s*$/, '').replace(/^Could not recognize /, '');
  return message || (isCommandError(converted) ? converted.type : converted.name);
}

/**
 * The connection string for the 6.x client, which parses only esdb:// and esdb+discover://: KurrentDB's own
 * kurrentdb:// and kurrentdb+discover:// (which the configuration accepts) mean the same, under their new name.
 */
export function clientConnectionString(url: string): string {
  return url.trim().replace(/^kurrentdb(\+discover)?:\/\//i, (_, discover: string | undefined) => `esdb${discover ?? ''}://`);
}

/**
 * The client's default deadline per call: `defaultDeadline` in the connection string (ms), 10 s without one. Read as
 * the client reads it (parseConnectionString.js): the key in any case, with or without `_`/`-` (`default_deadline`),
 * the value by parseInt; the client refuses a value that is no number or not positive.
 */
export function callDeadlineMs(connectionString: string): number {
  const query = connectionString.trim().replace(/\/+$/, '').split('?')[1] ?? '';
  for (const pair of query.split('&')) {
    const [key = '', value = ''] = pair.split('=');
    if (key.trim().toLowerCase().replace(/[_-]/g, '') !== 'defaultdeadline') continue;
    const ms = parseInt(value, 10);
    if (ms > 0) return ms;
  }
  return DEFAULT_DEADLINE_MS;
}

/** A system event of the global log ($-types such as $metadata, $-streams such as $stats-...): not ours. */
export function isSystem(event: EsdbRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** The port's record of an event; null for one that is not ours (not JSON objects as this adapter writes them). */
export function toRecordedEvent(resolved: ResolvedEvent): RecordedEvent | null {
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
