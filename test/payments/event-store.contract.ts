// The behaviour every event store adapter must show (DESIGN.md section 2); each adapter's spec runs it.
import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  START,
  WrongExpectedRevision,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../src/payments/application/ports/event-store.port.js';

export interface EventStoreFixture {
  store: EventStore;
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why the suite cannot run here; it is then reported as skipped, never passed. */
  notRunBecause?: string;
}

export const newEvent = (type = 'ThingHappened', data: Record<string, unknown> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data: { ...data },
  metadata: {
    correlationId: randomUUID(),
    causationId: null,
    actor: { type: 'system', id: 'contract-test' },
    occurredAt: new Date().toISOString(),
    schemaVersion: 1,
  },
});

export const newStream = (): string => `contract-${randomUUID()}`;

export const ids = (events: readonly { id: string }[]): string[] => events.map((event) => event.id);

/** Reads the global log after `from` page by page until `done` holds for what was read, or time runs out. */
export async function readAllUntil(
  store: EventStore,
  from: GlobalPosition,
  done: (read: RecordedEvent[]) => boolean,
  { pageSize = 100, timeoutMs = 5000 } = {},
): Promise<RecordedEvent[]> {
  const read: RecordedEvent[] = [];
  let after = from;
  const deadline = Date.now() + timeoutMs;
  while (!done(read)) {
    const page = await store.readAll(after, pageSize);
    const last = page.at(-1);
    if (last) {
      read.push(...page);
      after = last.position;
    } else if (Date.now() > deadline) {
      return read;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return read;
}

/** One readAll, repeated while it finds nothing: a transaction still open elsewhere may hold PostgreSQL back. */
export async function readAllOnce(store: EventStore, after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const page = await store.readAll(after, limit);
    if (page.length > 0 || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const containsAll =
  (wanted: readonly string[]) =>
  (read: readonly RecordedEvent[]): boolean => {
    const seen = new Set(ids(read));
    return wanted.every((id) => seen.has(id));
  };

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

export function eventStoreContract(
  name: string,
  open: () => Promise<EventStoreFixture>,
  options: ContractOptions = {},
): void {
  const suite = options.notRunBecause ? describe.skip : describe;
  const title = options.notRunBecause
    ? `${name} event store contract (NOT RUN: ${options.notRunBecause})`
    : `${name} event store contract`;

  suite(title, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;

    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });

    afterAll(async () => {
      await fixture?.close();
    });

    it('appends to a new stream and reads it back in revision order', async () => {
      const stream = newStream();
      const events = [newEvent(), newEvent(), newEvent()];

      const result = await store.append(stream, events, 'no_stream');

      expect(result.nextRevision).toBe(2);
      const read = await store.readStream(stream);
      expect(ids(read)).toEqual(ids(events));
      expect(read.map((event) => event.revision)).toEqual([0, 1, 2]);
      expect(read.every((event) => event.streamId === stream)).toBe(true);
    });

    it('continues a stream at the expected revision, and anywhere with any', async () => {
      const stream = newStream();
      await store.append(stream, [newEvent(), newEvent()], 'no_stream');

      expect((await store.append(stream, [newEvent()], 1)).nextRevision).toBe(2);
      expect((await store.append(stream, [newEvent()], 'any')).nextRevision).toBe(3);
      expect((await store.append(newStream(), [newEvent()], 'any')).nextRevision).toBe(0);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2, 3]);
    });

    it('refuses no_stream on a stream that exists', async () => {
      const stream = newStream();
      const first = newEvent();
      await store.append(stream, [first], 'no_stream');

      const error = await rejection(store.append(stream, [newEvent()], 'no_stream'));

      expect(error).toBeInstanceOf(WrongExpectedRevision);
      expect(error).toMatchObject({ streamId: stream, expected: 'no_stream', actual: 0 });
      expect(ids(await store.readStream(stream))).toEqual([first.id]);
    });

    it('refuses a wrong expected revision and writes nothing of the append', async () => {
      const stream = newStream();
      const written = [newEvent(), newEvent()];
      await store.append(stream, written, 'no_stream');

      const behind = await rejection(store.append(stream, [newEvent(), newEvent()], 0));
      const ahead = await rejection(store.append(stream, [newEvent()], 5));

      expect(behind).toBeInstanceOf(WrongExpectedRevision);
      expect(behind).toMatchObject({ expected: 0, actual: 1 });
      expect(ahead).toMatchObject({ expected: 5, actual: 1 });
      expect(ids(await store.readStream(stream))).toEqual(ids(written));
    });

    it('refuses an expected revision on a stream that does not exist', async () => {
      const stream = newStream();

      const error = await rejection(store.append(stream, [newEvent()], 0));

      expect(error).toBeInstanceOf(WrongExpectedRevision);
      expect(error).toMatchObject({ expected: 0, actual: 'no_stream' });
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('lets exactly one of concurrent appenders expecting the same revision win', async () => {
      const stream = newStream();
      await store.append(stream, [newEvent()], 'no_stream');
      const attempts = Array.from({ length: 10 }, () => newEvent());

      const outcomes = await Promise.allSettled(attempts.map((event) => store.append(stream, [event], 0)));

      const won = outcomes.flatMap((outcome, i) => (outcome.status === 'fulfilled' ? [attempts[i]?.id] : []));
      const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(9);
      expect(lost.every((error) => error instanceof WrongExpectedRevision)).toBe(true);
      const read = await store.readStream(stream);
      expect(read).toHaveLength(2);
      expect(read[1]?.id).toBe(won[0]);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store.readStream(newStream())).toEqual([]);
    });

    it('keeps event ids, types, data and metadata as appended', async () => {
      const stream = newStream();
      const event = newEvent('ChargeCreated', {
        monto: 150_000,
        referencia: 'Pedido ñandú #12 "especial"',
        descripcion: null,
        nested: { networks: ['efecty', 'baloto'], ok: true },
      });
      event.metadata = { ...event.metadata, causationId: randomUUID(), actor: { type: 'merchant-key', id: 'key_1' } };

      await store.append(stream, [event], 'no_stream');

      const [read] = await store.readStream(stream);
      expect(read).toMatchObject({ id: event.id, type: event.type, data: event.data, metadata: event.metadata });
      expect(read?.recordedAt).toBeInstanceOf(Date);
      // EventStoreDB sends `created` as ticks (100 ns) since the Unix epoch, which the client turns into a Date.
      expect(Math.abs(read!.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(typeof read?.position.commit).toBe('bigint');
      expect(typeof read?.position.prepare).toBe('bigint');
    });

    it('writes nothing twice when an append is retried with the same event ids', async () => {
      // A retry after an answer that never came (a deadline, a cut connection): ChargeStream.ensureCreated. The store
      // may answer it as done (EventStoreDB's idempotent append) or as a wrong revision; never as a second copy.
      const stream = newStream();
      const events = [newEvent(), newEvent()];
      await store.append(stream, events, 'no_stream');

      const again = await store.append(stream, events, 'no_stream').then(
        (result) => result,
        (error: unknown) => error,
      );

      if (again instanceof Error) expect(again).toBeInstanceOf(WrongExpectedRevision);
      else expect(again).toEqual({ nextRevision: 1 });
      expect(ids(await store.readStream(stream))).toEqual(ids(events));
    });

    it('reads the global log from the start, in order', async () => {
      await store.append(newStream(), [newEvent()], 'no_stream');

      // Until readable: a transaction still open elsewhere may hold the PostgreSQL reader back for a moment.
      const read = await readAllUntil(store, START, (events) => events.length > 0, { pageSize: 50 });

      expect(read.length).toBeGreaterThan(0);
      expect(comparePositions(read[0]!.position, START)).toBe(1);
      // EventStoreDB's $all also holds the server's own events ($metadata, $-streams): not ours, never returned.
      expect(read.filter((event) => event.type.startsWith('$') || event.streamId.startsWith('$'))).toEqual([]);
      for (let i = 1; i < read.length; i++) {
        expect(comparePositions(read[i - 1]!.position, read[i]!.position)).toBe(-1);
      }
    });

    it('reads the global log in append order across streams', async () => {
      const [a, b] = [newStream(), newStream()];
      const marker = newEvent();
      await store.append(a, [marker], 'no_stream');
      const from = (await store.readStream(a))[0]!.position;
      const appended: NewEvent[] = [];
      for (const [stream, expected] of [[b, 'no_stream'], [a, 0], [b, 0], [a, 1]] as const) {
        const event = newEvent();
        await store.append(stream, [event], expected);
        appended.push(event);
      }

      const read = await readAllUntil(store, from, containsAll(ids(appended)), { pageSize: 2 });

      const wanted = new Set(ids(appended));
      expect(ids(read).filter((id) => wanted.has(id))).toEqual(ids(appended));
      expect(ids(read)).not.toContain(marker.id);
      for (let i = 1; i < read.length; i++) {
        expect(comparePositions(read[i - 1]!.position, read[i]!.position)).toBe(-1);
      }
    });

    it('resumes strictly after a position and returns at most the limit', async () => {
      const stream = newStream();
      const events = [newEvent(), newEvent(), newEvent(), newEvent()];
      await store.append(stream, events, 'no_stream');
      const positions = (await store.readStream(stream)).map((event) => event.position);

      const firstPage = await readAllOnce(store, positions[0]!, 2);
      const secondPage = await readAllOnce(store, firstPage.at(-1)!.position, 1);
      const afterLast = await store.readAll(positions[3]!, 10);

      expect(ids(firstPage)).toEqual([events[1]!.id, events[2]!.id]);
      expect(ids(secondPage)).toEqual([events[3]!.id]);
      expect(ids(afterLast)).not.toContain(events[3]!.id);
    });

    it('reads a long append across small pages, each event once, in order', async () => {
      // On EventStoreDB each event of one append is its own record in the log (commit = prepare = its log position);
      // on PostgreSQL they share a transaction id and differ by position. A page that resumes at one of them must
      // neither return it again nor skip its neighbours.
      const stream = newStream();
      const marker = newEvent();
      await store.append(stream, [marker], 'no_stream');
      const from = (await store.readStream(stream))[0]!.position;
      const events = Array.from({ length: 60 }, () => newEvent());
      await store.append(stream, events, 0);

      const read = await readAllUntil(store, from, containsAll(ids(events)), { pageSize: 7 });

      const wanted = new Set(ids(events));
      expect(ids(read).filter((id) => wanted.has(id))).toEqual(ids(events));
      expect(read.map((event) => event.revision).filter((_, i) => wanted.has(read[i]!.id))).toEqual(events.map((_, i) => i + 1));
    });

    it('reads every event of concurrent appenders exactly once, in order', async () => {
      const streams = Array.from({ length: 10 }, () => newStream());
      const marker = newEvent();
      const first = newStream();
      await store.append(first, [marker], 'no_stream');
      const from = (await store.readStream(first))[0]!.position;
      const appended = streams.map(() => [newEvent(), newEvent(), newEvent()]);

      await Promise.all(
        streams.map(async (stream, n) => {
          for (const [i, event] of appended[n]!.entries()) await store.append(stream, [event], i === 0 ? 'no_stream' : i - 1);
        }),
      );
      const wanted = appended.flat().map((event) => event.id);
      const read = await readAllUntil(store, from, containsAll(wanted), { pageSize: 4 });

      const ours = ids(read).filter((id) => wanted.includes(id));
      expect(ours).toHaveLength(wanted.length);
      expect(new Set(ours).size).toBe(wanted.length);
      for (let i = 1; i < read.length; i++) {
        expect(comparePositions(read[i - 1]!.position, read[i]!.position)).toBe(-1);
      }
    });

    it('keeps positions exact through their string form', async () => {
      const stream = newStream();
      await store.append(stream, [newEvent(), newEvent()], 'no_stream');
      const [first, second] = await store.readStream(stream);
      const stored = JSON.parse(
        JSON.stringify({ commit: first!.position.commit.toString(), prepare: first!.position.prepare.toString() }),
      ) as { commit: string; prepare: string };

      const resumed = await readAllOnce(store, { commit: BigInt(stored.commit), prepare: BigInt(stored.prepare) }, 1);

      expect(ids(resumed)).toEqual([second!.id]);
    });

    it('tells its listeners when events are appended, and stops telling one that unsubscribed', async () => {
      let heard = 0;
      let heardAfterUnsubscribing = 0;
      const stop = store.onAppended(() => heard++);
      store.onAppended(() => heardAfterUnsubscribing++)();
      try {
        // A subscription may take a moment to be in place: append until the notice arrives.
        const deadline = Date.now() + 5000;
        while (heard === 0 && Date.now() < deadline) {
          await store.append(newStream(), [newEvent()], 'no_stream');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(heard).toBeGreaterThan(0);
        expect(heardAfterUnsubscribing).toBe(0);
      } finally {
        stop();
      }
    });
  });
}
