import {
  comparePositions,
  START,
  type ExpectedRevision,
  type RecordedEvent,
} from '../../src/payments/application/ports/event-store.port.js';
import { eventStoreContract, ids, newEvent, newStream, readAllUntil } from './event-store.contract.js';
import { openPostgresFixture, type PostgresFixture } from './postgres-fixture.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

eventStoreContract('PostgreSQL', openPostgresFixture);

describe('PostgreSQL event store, global order under concurrent transactions', () => {
  let fixture: PostgresFixture;

  beforeEach(async () => {
    // Many appenders at once need as many connections.
    fixture = await openPostgresFixture(60);
  });

  afterEach(async () => {
    await fixture.close();
  });

  it('does not read past a transaction still open, then returns it in pair order with nothing skipped', async () => {
    const { store, dataSource } = fixture;
    const earlier = newEvent();
    const earlierStream = newStream();
    await store.append(earlierStream, [earlier], 'no_stream');
    const from = (await store.readStream(earlierStream))[0]!.position;
    const [heldFirst, heldSecond, laterFirst, laterSecond] = [newEvent(), newEvent(), newEvent(), newEvent()];
    const held = dataSource.createQueryRunner();
    await held.connect();
    await held.startTransaction();
    let during: RecordedEvent[];
    try {
      const heldStream = newStream();
      await store.appendWithin(held.manager, heldStream, [heldFirst], 'no_stream');
      await store.append(newStream(), [laterFirst], 'no_stream');
      await store.append(newStream(), [laterSecond], 'no_stream');
      // Written after the later ones took their global positions, committed after them too.
      await store.appendWithin(held.manager, heldStream, [heldSecond], 0);

      during = await store.readAll(from, 100);
      const fromStart = await readAllUntil(store, START, (read) => ids(read).includes(earlier.id));
      expect(ids(fromStart)).toContain(earlier.id);
    } finally {
      await held.commitTransaction();
      await held.release();
    }

    const expected = [heldFirst.id, heldSecond.id, laterFirst.id, laterSecond.id];
    const after = await readAllUntil(store, from, (read) => expected.every((id) => ids(read).includes(id)));

    expect(ids(during)).not.toContain(laterFirst.id);
    expect(ids(during)).not.toContain(laterSecond.id);
    expect(ids(after)).toEqual(expected);
    const [, second, third] = after;
    // Pair order, not position order: the held transaction's second event has the higher global position.
    expect(second!.position.prepare > third!.position.prepare).toBe(true);
    for (let i = 1; i < after.length; i++) expect(comparePositions(after[i - 1]!.position, after[i]!.position)).toBe(-1);
  });

  it('gives a follower every event exactly once, in order, while 50 appenders write', async () => {
    const { store, dataSource } = fixture;
    const written = new Set<string>();
    let writing = true;

    const appender = async (n: number): Promise<void> => {
      const stream = newStream();
      let expected: ExpectedRevision = 'no_stream';
      for (let i = 0; i < 30; i++) {
        const events = Array.from({ length: 1 + ((n + i) % 3) }, () => newEvent());
        if (n % 2 === 0) {
          await store.append(stream, events, expected);
        } else {
          // Commits that land out of transaction order are what a position-only reader skips.
          await dataSource.transaction(async (manager) => {
            await store.appendWithin(manager, stream, events, expected);
            await sleep(Math.floor(Math.random() * 4));
          });
        }
        expected = (expected === 'no_stream' ? -1 : (expected as number)) + events.length;
        for (const event of events) written.add(event.id);
      }
    };

    const seen: string[] = [];
    let outOfOrder = 0;
    const follow = async (): Promise<void> => {
      let after = START;
      let deadline = Number.POSITIVE_INFINITY;
      while (writing || new Set(seen).size < written.size) {
        if (!writing && deadline === Number.POSITIVE_INFINITY) deadline = Date.now() + 10_000;
        if (Date.now() > deadline) return;
        const page = await store.readAll(after, 25);
        for (const event of page) {
          if (comparePositions(after, event.position) >= 0) outOfOrder++;
          seen.push(event.id);
          after = event.position;
        }
        if (page.length === 0) await sleep(2);
      }
    };

    const started = Date.now();
    const reader = follow();
    await Promise.all(Array.from({ length: 50 }, (_, n) => appender(n)));
    writing = false;
    await reader;
    const seconds = (Date.now() - started) / 1000;

    const unique = new Set(seen);
    const duplicates = seen.length - unique.size;
    const misses = [...written].filter((id) => !unique.has(id)).length;
    const unknown = [...unique].filter((id) => !written.has(id)).length;
    console.info(`${written.size} events by 50 appenders followed in ${seconds.toFixed(2)} s`);
    expect(written.size).toBeGreaterThanOrEqual(2500);
    expect({ duplicates, misses, unknown, outOfOrder }).toEqual({ duplicates: 0, misses: 0, unknown: 0, outOfOrder: 0 });
  });
});

describe('PostgreSQL event store notices', () => {
  let fixture: PostgresFixture;

  beforeEach(async () => {
    fixture = await openPostgresFixture();
  });

  afterEach(async () => {
    await fixture.close();
  });

  const heardWithin = async (count: () => number, ms: number): Promise<boolean> => {
    const deadline = Date.now() + ms;
    while (count() === 0 && Date.now() < deadline) await sleep(10);
    return count() > 0;
  };

  it('announces an append made within a transaction when that transaction commits, not before', async () => {
    const { store, dataSource } = fixture;
    let heard = 0;
    const stop = store.onAppended(() => heard++);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await store.appendWithin(runner.manager, newStream(), [newEvent()], 'no_stream');
      expect(await heardWithin(() => heard, 200)).toBe(false);

      await runner.commitTransaction();

      expect(await heardWithin(() => heard, 2000)).toBe(true);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
      stop();
    }
  });

  it('listens again after its LISTEN connection is dropped', async () => {
    const { store, dataSource } = fixture;
    let heard = 0;
    const stop = store.onAppended(() => heard++);
    try {
      const [killed] = await dataSource.query<Array<{ killed: boolean }>>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
         WHERE application_name = 'pasarela-listen' AND datname = current_database()`,
      );
      expect(killed?.killed).toBe(true);
      heard = 0;

      const deadline = Date.now() + 5000;
      while (heard === 0 && Date.now() < deadline) {
        await store.append(newStream(), [newEvent()], 'no_stream');
        await sleep(100);
      }

      expect(heard).toBeGreaterThan(0);
    } finally {
      stop();
    }
  });
});
