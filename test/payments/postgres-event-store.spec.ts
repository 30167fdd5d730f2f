import { randomUUID } from 'node:crypto';
import {
  comparePositions,
  START,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevision,
} from '../../src/payments/application/ports/event-store.port.js';
import { SINGLE_APPENDS } from '../../src/payments/adapters/event-store/postgres.event-store.js';
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

// Concurrent one-event appends and guarded stream starts share one statement (group commit): each caller must still
// get exactly its own outcome.
describe('PostgreSQL event store, appends sharing one statement', () => {
  let fixture: PostgresFixture;

  beforeEach(async () => {
    fixture = await openPostgresFixture();
  });

  afterEach(async () => {
    await fixture.close();
  });

  // Statements reach PostgreSQL through TypeORM or, on the hot path, as prepared statements on its pool: both counted.
  const countStatements = (): { inserts: () => number; stop: () => void } => {
    const { dataSource } = fixture;
    const pool = (dataSource.driver as unknown as { master: { query: (...args: unknown[]) => unknown } }).master;
    const original = { dataSource: dataSource.query.bind(dataSource), pool: pool.query.bind(pool) };
    let inserts = 0;
    const count = (sql: unknown): void => {
      const text = typeof sql === 'string' ? sql : (sql as { text?: string } | null)?.text ?? '';
      if (/INSERT INTO events/.test(text)) inserts++;
    };
    dataSource.query = (async (sql: string, parameters?: unknown[]) => {
      count(sql);
      return original.dataSource(sql, parameters);
    }) as typeof dataSource.query;
    pool.query = (...args: unknown[]) => {
      count(args[0]);
      return original.pool(...args);
    };
    return {
      inserts: () => inserts,
      stop: () => {
        dataSource.query = original.dataSource;
        pool.query = original.pool;
      },
    };
  };

  it('plans an append\'s revision check afresh as the log grows: by index, not a scan of the whole log', async () => {
    // Prepared on the pool's own settings while the log is small and run often, as the store's connections do; then
    // the log grows (no ANALYZE). A plan kept from the start (PostgreSQL's generic plan) scanned the whole events table.
    const { store, dataSource } = fixture;
    for (let i = 0; i < 10; i++) await store.append(newStream(), [newEvent()], 'no_stream');
    await dataSource.query('ANALYZE events');
    const runner = dataSource.createQueryRunner();
    const batch = (): string =>
      JSON.stringify(Array.from({ length: 20 }, (_, n) => ({ stream_id: newStream(), revision: 1, event_id: randomUUID(), type: 'T', data: {}, metadata: {}, n })));
    try {
      await runner.query(`PREPARE single_appends AS ${SINGLE_APPENDS.text}`);
      for (let i = 0; i < 8; i++) await runner.query(`EXECUTE single_appends('${batch()}')`);
      await dataSource.query(
        `INSERT INTO events (stream_id, revision, event_id, type, data, metadata)
         SELECT 'grown-' || n, 0, gen_random_uuid(), 'T', '{}', '{}' FROM generate_series(1, 50000) AS n`,
      );
      const [{ 'QUERY PLAN': plan }] = await runner.query(`EXPLAIN (FORMAT JSON) EXECUTE single_appends('${batch()}')`);
      const scans: string[] = [];
      const visit = (node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }): void => {
        if (node['Relation Name'] === 'events' && node['Node Type'] !== 'ModifyTable') scans.push(node['Node Type']);
        for (const child of node.Plans ?? []) visit(child as typeof node);
      };
      visit(plan[0].Plan);
      expect(scans).toEqual([expect.stringMatching(/^Index( Only)? Scan$/)]);
    } finally {
      await runner.query('DEALLOCATE ALL').catch(() => undefined);
      await runner.release();
    }
  });

  it('writes concurrent appends to many streams in one statement, and a stale one alone is refused', async () => {
    const { store } = fixture;
    const streams = Array.from({ length: 12 }, () => newStream());
    for (const stream of streams) await store.append(stream, [newEvent()], 'no_stream');
    const counter = countStatements();
    const attempts = streams.map((stream, i) => store.append(stream, [newEvent('Next')], i === 5 ? 3 : 0));
    const outcomes = await Promise.allSettled(attempts);
    counter.stop();

    expect(outcomes.map((o) => o.status)).toEqual(streams.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    expect((outcomes[5] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
    expect((outcomes[5] as PromiseRejectedResult).reason).toMatchObject({ expected: 3, actual: 0 });
    expect(counter.inserts()).toBeGreaterThan(0);
    expect(counter.inserts()).toBeLessThan(4);
    for (const [i, stream] of streams.entries()) {
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(i === 5 ? ['ThingHappened'] : ['ThingHappened', 'Next']);
    }
  });

  it('fails only the append whose event id is taken, not its batch-mates', async () => {
    const { store } = fixture;
    const used = newEvent();
    await store.append(newStream(), [used], 'no_stream');
    const others = [newStream(), newStream()];
    const outcomes = await Promise.allSettled([
      store.append(others[0]!, [newEvent()], 'no_stream'),
      store.append(newStream(), [used], 'no_stream'),
      store.append(others[1]!, [newEvent()], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).not.toBeInstanceOf(WrongExpectedRevision);
    for (const stream of others) expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('starts guarded streams of one batch only where the guard allows, first of two same claims winning', async () => {
    const { store, dataSource } = fixture;
    await dataSource.query('CREATE TABLE IF NOT EXISTS claims_test (claim text PRIMARY KEY, stream_id text NOT NULL)');
    const guard = (claim: string, streamId: string) => ({
      sql: `INSERT INTO claims_test (claim, stream_id)
            SELECT c.claim, c.stream_id FROM jsonb_to_recordset($1::jsonb) AS c(claim text, stream_id text, n integer) ORDER BY c.n
            ON CONFLICT (claim) DO NOTHING RETURNING stream_id`,
      row: { claim, stream_id: streamId },
    });
    const [a, b, c] = [newStream(), newStream(), newStream()];
    const counter = countStatements();
    const started = await Promise.all([
      store.startStreamIf(guard('one', a), a, [newEvent()]),
      store.startStreamIf(guard('one', b), b, [newEvent()]),
      store.startStreamIf(guard('two', c), c, [newEvent(), newEvent('Second')]),
    ]);
    counter.stop();
    expect(started).toEqual([true, false, true]);
    expect(counter.inserts()).toBe(1);
    expect(await store.readStream(a)).toHaveLength(1);
    expect(await store.readStream(b)).toEqual([]);
    expect((await store.readStream(c)).map((e) => [e.type, e.revision])).toEqual([['ThingHappened', 0], ['Second', 1]]);
  });
});
