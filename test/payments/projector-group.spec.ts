// One projector for several projections: one read of the log per batch feeds them all, in one transaction that moves
// every checkpoint, each projection at its own checkpoint.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import {
  EventStoreUnavailable,
  START,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../../src/payments/application/ports/event-store.port.js';
import { loadCheckpoint, resetCheckpoint } from '../../src/payments/adapters/projections/checkpoint.js';
import { tryLockProjections } from '../../src/payments/adapters/projections/projection-lock.js';
import { applyBatch, applyToMembers, type Projection } from '../../src/payments/adapters/projections/projection.js';
import { Projector, type ProjectorOptions } from '../../src/payments/adapters/projections/projector.js';
import { waitUntil } from '../support/gateway.js';
import { ids, newEvent, readAllUntil } from './event-store.contract.js';
import { openPostgresFixture, quietLogger, type PostgresFixture } from './postgres-fixture.js';

interface Read {
  after: GlobalPosition;
  events: number;
}

/** A projection that writes the ids of the events it applies (rolled back with its batch) and counts its batches. */
interface Recording extends Projection {
  batches: number;
}

const recording = (name: string, types?: ReadonlySet<string>): Recording => {
  const projection: Recording = {
    name,
    ...(types ? { types } : {}),
    batches: 0,
    async apply(manager, events) {
      projection.batches += 1;
      await manager.query('INSERT INTO projected (projection, event_id) SELECT $1, unnest($2::uuid[])', [name, ids(events)]);
    },
    async clear(manager) {
      await manager.query('DELETE FROM projected WHERE projection = $1', [name]);
    },
  };
  return projection;
};

/** The event store, recording each readAll and what it found. */
const countingReads = (store: EventStore, reads: Read[]): EventStore =>
  new Proxy(store, {
    get(target, property) {
      if (property === 'readAll') {
        return async (after: GlobalPosition, limit: number): Promise<RecordedEvent[]> => {
          const events = await target.readAll(after, limit);
          reads.push({ after, events: events.length });
          return events;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/** The data source, counting the statements that read checkpoints. */
const countingCheckpointLoads = (dataSource: DataSource, loads: { count: number }): DataSource =>
  new Proxy(dataSource, {
    get(target, property) {
      if (property === 'query') {
        return (sql: string, parameters?: unknown[]) => {
          if (sql.trimStart().startsWith('SELECT') && sql.includes('FROM projection_checkpoints')) loads.count += 1;
          return target.query(sql, parameters);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

describe('a projector of several projections', () => {
  let fixture: PostgresFixture;
  const running: Projector[] = [];
  let appended = 0;

  beforeEach(async () => {
    fixture = await openPostgresFixture();
    appended = 0;
    await fixture.dataSource.query(
      'CREATE TABLE projected (seq bigserial PRIMARY KEY, projection text NOT NULL, event_id uuid NOT NULL)',
    );
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((projector) => projector.stop()));
    await fixture.close();
  });

  const start = (
    projections: Projection[],
    options: ProjectorOptions & { dataSource?: DataSource; store?: EventStore } = {},
  ): Projector => {
    const { dataSource = fixture.dataSource, store = fixture.store, ...rest } = options;
    const projector = new Projector(dataSource, store, projections, {
      pollMs: 50,
      retryMs: 50,
      lockRetryMs: 50,
      logger: quietLogger(),
      ...rest,
    });
    running.push(projector);
    projector.start();
    return projector;
  };

  /** Appends `count` events to a new stream; answers every event of the log, once all are readable. */
  const append = async (count: number): Promise<RecordedEvent[]> => {
    const events = Array.from({ length: count }, () => newEvent('ThingHappened'));
    await fixture.store.append(`thing-${randomUUID()}`, events, 'no_stream');
    appended += count;
    return readAllUntil(fixture.store, START, (read) => read.length >= appended, { timeoutMs: 15_000 });
  };

  const projected = async (projection: string): Promise<string[]> =>
    (
      await fixture.dataSource.query<Array<{ event_id: string }>>(
        'SELECT event_id FROM projected WHERE projection = $1 ORDER BY seq',
        [projection],
      )
    ).map((row) => row.event_id);

  const lastOf = (events: readonly RecordedEvent[]): GlobalPosition => events.at(-1)!.position;

  it('feeds every projection from one read of the log, and skips one that reads none of its types', async () => {
    const events = await append(5);
    const reads: Read[] = [];
    const [a, b, picky] = [recording('a'), recording('b'), recording('picky', new Set(['SomethingElse']))];
    const group = start([a, b, picky], { store: countingReads(fixture.store, reads) });

    await group.waitFor(lastOf(events));

    expect(reads.filter((read) => read.events > 0)).toEqual([{ after: START, events: 5 }]);
    expect(await projected('a')).toEqual(ids(events));
    expect(await projected('b')).toEqual(ids(events));
    expect(picky.batches).toBe(0);
    for (const name of ['a', 'b', 'picky']) {
      expect(await loadCheckpoint(fixture.dataSource, name)).toEqual({ position: lastOf(events), eventsApplied: 5 });
    }
  });

  it('gives each projection only the events after its own checkpoint, reading once from the lowest', async () => {
    const events = await append(5);
    const [a, b] = [recording('a'), recording('b')];
    await applyBatch(fixture.dataSource, a, START, events.slice(0, 3));
    await fixture.dataSource.query('DELETE FROM projected');
    const reads: Read[] = [];
    const group = start([a, b], { store: countingReads(fixture.store, reads) });

    await group.waitFor(lastOf(events));

    expect(reads.filter((read) => read.events > 0)).toEqual([{ after: START, events: 5 }]);
    expect(await projected('a')).toEqual(ids(events.slice(3)));
    expect(await projected('b')).toEqual(ids(events));
    expect(await loadCheckpoint(fixture.dataSource, 'a')).toEqual({ position: lastOf(events), eventsApplied: 5 });
    expect(await loadCheckpoint(fixture.dataSource, 'b')).toEqual({ position: lastOf(events), eventsApplied: 5 });
  });

  it('rolls back every projection of a batch when one fails, moving no checkpoint', async () => {
    const events = await append(3);
    const a = recording('a');
    const failing: Projection = { ...recording('b'), apply: () => Promise.reject(new Error('disk on fire')) };
    const members = [a, failing].map((projection) => ({ projection, position: START }));

    await expect(applyToMembers(fixture.dataSource, members, events)).rejects.toThrow('disk on fire');

    expect(await projected('a')).toEqual([]);
    expect(await loadCheckpoint(fixture.dataSource, 'a')).toEqual({ position: START, eventsApplied: 0 });
    expect(await loadCheckpoint(fixture.dataSource, 'b')).toEqual({ position: START, eventsApplied: 0 });
  });

  it('retries a failed batch for every projection, each applying it once', async () => {
    const events = await append(3);
    const a = recording('a');
    const flakyOf = recording('b');
    let failures = 1;
    const flaky: Projection = {
      ...flakyOf,
      async apply(manager, batch) {
        await flakyOf.apply(manager, batch);
        if (failures-- > 0) throw new Error('connection reset');
      },
    };
    const logger = quietLogger();
    const group = start([a, flaky], { logger });

    await group.waitFor(lastOf(events));

    expect(logger.errors).toEqual([expect.stringContaining('connection reset')]);
    expect(await projected('a')).toEqual(ids(events));
    expect(await projected('b')).toEqual(ids(events));
  });

  it('reloads the checkpoints when one moved under a batch, and refills that projection from it', async () => {
    const first = await append(3);
    const [a, b] = [recording('a'), recording('b')];
    const logger = quietLogger();
    // No poll within the test: only the failed batch can tell the runner that b's checkpoint moved.
    const group = start([a, b], { pollMs: 60_000, logger });
    await group.waitFor(lastOf(first));
    await fixture.dataSource.transaction(async (manager) => {
      await b.clear(manager);
      await resetCheckpoint(manager, 'b');
    });

    const all = await append(1);
    // The append's wake-up may have come before the event was readable: wake the runner again now that it is.
    await group.catchUp();
    await group.waitFor(lastOf(all));

    expect(await projected('a')).toEqual(ids(all));
    expect(await projected('b')).toEqual(ids(all));
    expect(logger.errors).toEqual([]);
  });

  it('loads the checkpoints once, not again after each read that finds nothing', async () => {
    const events = await append(2);
    const loads = { count: 0 };
    const group = start([recording('a'), recording('b')], {
      dataSource: countingCheckpointLoads(fixture.dataSource, loads),
      pollMs: 60_000,
    });
    await group.waitFor(lastOf(events));

    for (let n = 0; n < 3; n += 1) await group.catchUp();

    expect(loads.count).toBe(1);
  });

  it('finds a checkpoint reset elsewhere on its fallback poll, with no append, and refills that projection', async () => {
    const events = await append(3);
    const [a, b] = [recording('a'), recording('b')];
    const group = start([a, b]);
    await group.waitFor(lastOf(events));

    await fixture.dataSource.transaction(async (manager) => {
      await b.clear(manager);
      await resetCheckpoint(manager, 'b');
    });

    await waitUntil(() => projected('b'), (refilled) => refilled.length === events.length);
    expect(await projected('b')).toEqual(ids(events));
    expect(await projected('a')).toEqual(ids(events));
  });

  it('waits out an event store that does not answer: one line, pauses doubling to a ceiling, then resumes', async () => {
    const events = await append(2);
    let down = true;
    const tries: number[] = [];
    /** What the group did, in order: each read the store refused, and each pause the group asked for. */
    const steps: Array<'refused' | number> = [];
    const store = new Proxy(fixture.store, {
      get(target, property) {
        if (property === 'readAll') {
          return (after: GlobalPosition, limit: number): Promise<RecordedEvent[]> => {
            if (!down) return target.readAll(after, limit);
            tries.push(Date.now());
            steps.push('refused');
            return Promise.reject(new EventStoreUnavailable('connect ECONNREFUSED 127.0.0.1:2113'));
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const lines: string[] = [];
    const logger = {
      log: (message: string) => lines.push(`log ${message}`),
      error: (message: string, trace?: string) => lines.push(`error ${message}${trace ? ' (with a trace)' : ''}`),
    };
    const onPause = (ms: number) => steps.push(ms);
    const group = start([recording('a')], { store, retryMs: 100, maxRetryMs: 200, logger, onPause });

    await waitUntil(async () => tries.length, (count) => count >= 5, 10_000);
    // The pauses it asks for, one after each refused read: 100, 200, then 200 again (the ceiling), not 400 and 800.
    // Read by value, not off the clock: a busy box lengthens every pause, so no upper bound on one measured is safe.
    expect(steps.slice(0, 9)).toEqual(['refused', 100, 'refused', 200, 'refused', 200, 'refused', 200, 'refused']);
    // And it waits each out before the next read (a busy box only lengthens a pause: the least is safe to check).
    const waited = tries.slice(1, 5).map((at, n) => at - tries[n]!);
    expect(waited[0]).toBeGreaterThanOrEqual(95);
    for (const pause of waited.slice(1)) expect(pause).toBeGreaterThanOrEqual(195);
    expect(lines).toEqual([expect.stringMatching(/^error Event store unreachable; .*ECONNREFUSED 127\.0\.0\.1:2113$/)]);

    down = false;
    await group.waitFor(lastOf(events));
    expect(await projected('a')).toEqual(ids(events));
    expect(lines).toEqual([expect.stringMatching(/^error Event store unreachable/), 'log Event store reachable again; projections resumed']);
  });

  it('keeps a projection from two runners: a group waits while a single runner holds one of its projections', async () => {
    const single = await tryLockProjections(fixture.dataSource, ['b']);
    expect(single).not.toBeNull();
    const waiting = start([recording('a'), recording('b')], { lockRetryMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waiting.isActive).toBe(false);
    await waiting.stop();
    // The lock of a it took on the way was given back: only the single runner's remains.
    const advisory = await fixture.dataSource.query<Array<{ n: number }>>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    expect(advisory[0]?.n).toBe(1);
    await single!.release();

    const group = start([recording('a'), recording('b')]);
    await group.catchUp();

    expect(group.isActive).toBe(true);
    expect(await tryLockProjections(fixture.dataSource, ['b'])).toBeNull();
  });
});
