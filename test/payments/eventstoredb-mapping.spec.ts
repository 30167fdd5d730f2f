// The EventStoreDB adapter's translations, checked here without a server: the inputs are built with
// @eventstore/db-client's own error classes and record types, as the client hands them over.
// What only a server can confirm is in the contract suite (docs/decisions.md, "EventStoreDB adapter: desk-checked").
import { createRequire } from 'node:module';
import {
  NotLeaderError,
  TimeoutError,
  WrongExpectedVersionError,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevision } from '../../src/payments/application/ports/event-store.port.js';
import { EventStoreDbEventStore } from '../../src/payments/adapters/event-store/eventstoredb.event-store.js';
import {
  callDeadlineMs,
  toAppendResult,
  toRecordedEvent,
  toWrongExpectedRevision,
  unansweredReason,
} from '../../src/payments/adapters/event-store/eventstoredb.mapping.js';
import { newEvent } from './event-store.contract.js';

// The client's own translation of a batch append's per-write status (what every append to KurrentDB goes through),
// and the protobuf classes the server's status is made of, as the client itself loads them.
const clientRequire = createRequire(createRequire(import.meta.url).resolve('@eventstore/db-client'));
const { unpackToCommandError } = clientRequire('./streams/appendToStream/unpackError.js') as {
  unpackToCommandError: (status: unknown, streamName: string) => Error;
};
const { Status } = clientRequire('../generated/status_pb.js');
const { Timeout } = clientRequire('../generated/shared_pb.js');
const { Any } = clientRequire('google-protobuf/google/protobuf/any_pb.js');
const { Empty } = clientRequire('google-protobuf/google/protobuf/empty_pb.js');

/** A batch append's error as KurrentDB writes it (Streams.BatchAppend.cs, Status.cs): a message and a packed detail. */
const batchAppendError = (message: string, detail: { serializeBinary(): Uint8Array }, typeName: string): Error => {
  const details = new Any();
  details.pack(detail.serializeBinary(), typeName);
  return unpackToCommandError(new Status().setMessage(message).setDetails(details), 'charge-1');
};

/** A gRPC status as the server sends it: `exception` names the client's error class. */
const serverError = (code: number, entries: Record<string, string>) => {
  const map = { ...entries };
  return Object.assign(new Error(`${code} server said so`), { code, details: 'server said so', metadata: { getMap: () => map } });
};

describe('EventStoreDB adapter, without a server', () => {
  it('takes a failover and a server-side commit time-out for an outage (503, retried), not a bug (500)', () => {
    // An append reaching a follower during an election: the client reconnects to the leader named here.
    const notLeader = new NotLeaderError(
      serverError(5, { exception: 'not-leader', 'leader-endpoint-host': 'node-2', 'leader-endpoint-port': '2113' }) as never,
    );
    // gRPC ABORTED: the server's own time-out for a write it may or may not have committed.
    const timedOut = new TimeoutError(serverError(10, {}) as never);

    expect(unansweredReason(notLeader)).toEqual(expect.any(String));
    expect(unansweredReason(timedOut)).toEqual(expect.any(String));
  });

  it('takes a server that is up but takes no write now for an outage, as a batch append hears it', () => {
    // NotHandled (the node starting or catching up, too busy, or an election without a leader): the server packs an
    // empty detail, which the client does not recognise and hands over as an UnknownError.
    for (const message of ['Server Is Not Ready', 'Server Is Busy', 'No leader info available in response']) {
      const error = batchAppendError(message, new Empty(), 'google.protobuf.Empty');
      expect(unansweredReason(error)).toBe(message);
    }
    // The same election seen by a read: gRPC UNKNOWN.
    expect(unansweredReason(serverError(2, {}) as never)).toBeUndefined();
    const noLeader = Object.assign(serverError(2, {}), {
      message: '2 UNKNOWN: No leader info available in response',
      details: 'No leader info available in response',
    });
    expect(unansweredReason(noLeader)).toEqual(expect.stringContaining('No leader info'));
  });

  it('names the reason of a batch append the server timed out, which the client hands over without a message', () => {
    const timedOut = batchAppendError('Timeout', new Timeout(), 'event_store.client.Timeout');

    expect(timedOut.message).toBe('');
    expect(unansweredReason(timedOut)).toBe('deadline-exceeded');
  });

  it('leaves the errors that are bugs as they are', () => {
    expect(unansweredReason(new Error('boom'))).toBeUndefined();
    expect(unansweredReason(new TypeError('x is not a function'))).toBeUndefined();
    // A batch append's status the server uses for other refusals (a bad request): not an outage.
    expect(unansweredReason(batchAppendError('Bad request', new Empty(), 'google.protobuf.Empty'))).toBeUndefined();
  });

  it('reads a wrong expected version the server reports as -1 as no stream', () => {
    // The exception path (metadata) carries versions as numbers, -1 for a stream that does not exist.
    const error = new WrongExpectedVersionError(
      serverError(9, { exception: 'wrong-expected-version', 'stream-name': 's', 'expected-version': '0', 'actual-version': '-1' }) as never,
    );
    const fromResponse = new WrongExpectedVersionError(null as never, { streamName: 's', expected: 0n, current: 3n });

    expect(toWrongExpectedRevision('s', 0, error)).toMatchObject({ expected: 0, actual: 'no_stream' });
    expect(toWrongExpectedRevision('s', 0, fromResponse)).toMatchObject({ expected: 0, actual: 3 });
  });

  it('refuses an append the server refused even where the client answers it instead of throwing', () => {
    // `throwOnAppendFailure=false` in the connection string: the client resolves { success: false } (append.js).
    const refused = () => toAppendResult('s', 1, { success: false, nextExpectedRevision: 3n, position: undefined });
    const written = toAppendResult('s', 1, { success: true, nextExpectedRevision: 2n, position: { commit: 9n, prepare: 9n } });

    expect(refused).toThrow(WrongExpectedRevision);
    expect(written).toEqual({ nextRevision: 2 });
  });

  it('keeps a 64-bit position exact (Number() would round it)', () => {
    const big = 2n ** 60n + 1n;
    const event = newEvent();
    const resolved: ResolvedEvent = {
      event: {
        streamId: 'charge-1',
        id: event.id,
        revision: 4n,
        type: event.type,
        data: event.data,
        metadata: { ...event.metadata },
        isJson: true,
        created: new Date(),
        position: { commit: big, prepare: big - 7n },
      },
      commitPosition: big,
    };

    expect(toRecordedEvent(resolved)).toMatchObject({ id: event.id, revision: 4, position: { commit: big, prepare: big - 7n } });
  });

  it('bounds each call by the deadline the client reads from the connection string, however the key is written', () => {
    // The client's parser flattens the key (case, _ and -) and takes the value by parseInt (parseConnectionString.js).
    expect(callDeadlineMs('esdb://127.0.0.1:2113?tls=false&defaultDeadline=2000')).toBe(2000);
    expect(callDeadlineMs('esdb://127.0.0.1:2113?tls=false&default_deadline=1500')).toBe(1500);
    expect(callDeadlineMs('esdb://127.0.0.1:2113?DEFAULT-DEADLINE=700&tls=false')).toBe(700);
    expect(callDeadlineMs('esdb://127.0.0.1:2113?tls=false')).toBe(10_000);
  });

  it('accepts the kurrentdb:// connection strings the configuration accepts', async () => {
    // KurrentDB's own scheme: the 6.x client parses only esdb:// and esdb+discover://. No call is made here.
    for (const url of ['kurrentdb://127.0.0.1:2113?tls=false', 'kurrentdb+discover://127.0.0.1:2113?tls=false']) {
      const store = await EventStoreDbEventStore.connect(url);
      await store.close();
    }
  });
});
