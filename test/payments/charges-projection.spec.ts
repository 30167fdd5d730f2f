import { randomUUID } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../../src/kernel/config.js';
import { systemClock } from '../../src/kernel/clock.js';
import { comparePositions, START, type GlobalPosition, type NewEvent } from '../../src/payments/application/ports/event-store.port.js';
import { chargesProjection, WRITE_ROWS } from '../../src/payments/adapters/projections/charges.projection.js';
import { loadCheckpoint } from '../../src/payments/adapters/projections/checkpoint.js';
import { applyBatch, type Projection } from '../../src/payments/adapters/projections/projection.js';
import { Projector } from '../../src/payments/adapters/projections/projector.js';
import { rebuildCharges } from '../../src/payments/adapters/projections/rebuild.js';
import { fold } from '../../src/payments/domain/charge.js';
import { chargeStream, upcastChargeEvent, type ChargeEventType } from '../../src/payments/domain/charge.events.js';
import { ReadModelsProjector } from '../../src/read-models.projector.js';
import { WorkerModule } from '../../src/worker.module.js';
import { MerchantCache } from '../../src/merchants/adapters/cache/merchant-cache.js';
import {
  chargeCreated,
  chargeLife,
  checkoutOpened,
  legacyChargeCreated,
  paymentApproved,
} from './charge-events.fixture.js';
import { newEvent, readAllUntil } from './event-store.contract.js';
import { openPostgresFixture, quietLogger, type PostgresFixture } from './postgres-fixture.js';

const MERCHANT = '7f1d9a52-3c1e-4c55-9a43-2b7f1e0c9d11';

interface Row {
  id: string;
  merchant_id: string;
  monto: string;
  estado: string;
  metodo: string | null;
  provider_session_id: string | null;
  revision: number;
  creado_en: Date;
  actualizado_en: Date;
}

describe('charges projection', () => {
  let fixture: PostgresFixture;
  const running: Projector[] = [];

  beforeEach(async () => {
    fixture = await openPostgresFixture();
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((projector) => projector.stop()));
    await fixture.close();
  });

  const projector = (projection: Projection = chargesProjection, batchSize = 1000): Projector => {
    const started = new Projector(fixture.dataSource, fixture.store, [projection], {
      batchSize,
      pollMs: 50,
      retryMs: 50,
      lockRetryMs: 50,
      logger: quietLogger(),
    });
    running.push(started);
    started.start();
    return started;
  };

  /** Appends a charge's events and returns the position of its last one. */
  const appendCharge = async (chargeId: string, events: NewEvent[], expected: number | 'no_stream' = 'no_stream'): Promise<GlobalPosition> => {
    await fixture.store.append(chargeStream(chargeId), events, expected);
    return (await fixture.store.readStream(chargeStream(chargeId))).at(-1)!.position;
  };

  const rows = (): Promise<Row[]> => fixture.dataSource.query('SELECT * FROM charges ORDER BY id');
  /** The stats' daily totals as stored, and as the charges rows make them (the migration's grouping). */
  const daily = (): Promise<unknown[]> =>
    fixture.dataSource.query(
      `SELECT merchant_id, dia::text AS dia, estado, cantidad::int AS cantidad, monto::text AS monto FROM charges_daily ORDER BY 1, 2, 3`,
    );
  const dailyOfRows = (): Promise<unknown[]> =>
    fixture.dataSource.query(
      `SELECT merchant_id, (creado_en AT TIME ZONE 'America/Bogota')::date::text AS dia, estado, count(*)::int AS cantidad,
              sum(monto)::text AS monto
         FROM charges GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
  const row = async (id: string): Promise<Row | undefined> =>
    (await fixture.dataSource.query<Row[]>('SELECT * FROM charges WHERE id = $1', [id]))[0];

  it('projects a charge\'s events into its row', async () => {
    const id = randomUUID();
    const created = chargeCreated(id, MERCHANT, 150_000, '2026-11-20T10:00:00.000Z');
    const opened = checkoutOpened('2026-11-20T10:00:01.000Z');
    const live = projector();

    await live.waitFor(await appendCharge(id, [created, opened]));
    expect(await row(id)).toMatchObject({
      merchant_id: MERCHANT,
      monto: '150000',
      moneda: 'COP',
      referencia: created.data.referencia,
      estado: 'pendiente',
      checkout_token: created.data.checkoutToken,
      creado_en: new Date('2026-11-20T10:00:00.000Z'),
      actualizado_en: new Date('2026-11-20T10:00:01.000Z'),
      provider_session_id: opened.data.providerSessionId,
      metodo: null,
      revision: 1,
    });

    await live.waitFor(await appendCharge(id, [paymentApproved('2026-11-20T10:05:00.000Z')], 1));
    expect(await row(id)).toMatchObject({ estado: 'aprobado', metodo: 'tarjeta', revision: 2 });
  });

  it('gives every charge the row the domain folds from its stream, whatever the batch boundaries', async () => {
    const live = projector(chargesProjection, 5);
    const charges = Array.from({ length: 14 }, () => randomUUID());
    let last: GlobalPosition = START;
    for (const [n, id] of charges.entries()) last = await appendCharge(id, chargeLife(id, MERCHANT, n));

    await live.waitFor(last);

    for (const id of charges) {
      const stream = await fixture.store.readStream(chargeStream(id));
      const charge = fold(stream.map((event) => upcastChargeEvent(event.type as ChargeEventType, event.data)));
      expect(await row(id)).toMatchObject({
        monto: String(charge?.monto),
        estado: charge?.estado,
        metodo: charge?.method,
        provider_session_id: charge?.providerSessionId,
        creado_en: new Date(charge!.creadoEn),
        actualizado_en: new Date(charge!.updatedAt),
        revision: stream.length - 1,
      });
    }
  });

  it('projects an amount written as montoMinor (schema version 1) as monto, same value', async () => {
    const id = randomUUID();
    const live = projector();

    await live.waitFor(await appendCharge(id, [legacyChargeCreated(id, MERCHANT, 150_000)]));

    expect((await row(id))?.monto).toBe('150000');
  });

  it('passes over events that are not a charge\'s, moving its checkpoint past them', async () => {
    const stream = `merchant-${randomUUID()}`;
    await fixture.store.append(stream, [newEvent('MerchantApproved')], 'no_stream');
    const other = (await fixture.store.readStream(stream))[0]!.position;
    const live = projector();

    await live.waitFor(other);

    expect(await rows()).toEqual([]);
    expect((await loadCheckpoint(fixture.dataSource, 'charges')).position).toEqual(other);
  });

  it('writes a batch and its checkpoint in one transaction: a failure mid-batch leaves neither', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await appendCharge(a, chargeLife(a, MERCHANT, 0));
    await appendCharge(b, chargeLife(b, MERCHANT, 1));
    const failing: Projection = {
      ...chargesProjection,
      async apply(manager, events) {
        await chargesProjection.apply(manager, events.slice(0, 3));
        throw new Error('disk on fire');
      },
    };

    const events = await readAllUntil(fixture.store, START, (read) => read.length >= 6);
    expect(events).toHaveLength(6);

    await expect(applyBatch(fixture.dataSource, failing, START, events)).rejects.toThrow('disk on fire');

    expect(await rows()).toEqual([]);
    expect(await loadCheckpoint(fixture.dataSource, 'charges')).toEqual({ position: START, eventsApplied: 0 });
  });

  it('logs a failed batch and retries it without having moved the checkpoint', async () => {
    const id = randomUUID();
    const last = await appendCharge(id, chargeLife(id, MERCHANT, 0));
    let failures = 1;
    const logger = quietLogger();
    const flaky: Projection = {
      ...chargesProjection,
      async apply(manager, events) {
        await chargesProjection.apply(manager, events);
        if (failures-- > 0) throw new Error('connection reset');
      },
    };
    const live = new Projector(fixture.dataSource, fixture.store, [flaky], { pollMs: 50, retryMs: 50, logger });
    running.push(live);
    live.start();

    await live.waitFor(last);

    expect(logger.errors).toEqual([expect.stringContaining('connection reset')]);
    expect((await row(id))?.estado).toBe('aprobado');
    expect(await loadCheckpoint(fixture.dataSource, 'charges')).toEqual({ position: last, eventsApplied: 3 });
  });

  it('updates a batch\'s charges through the primary key, not by scanning the whole table', async () => {
    // 20,000 rows: large enough that the planner's guess of 100 rows from jsonb_to_recordset once chose a hash join
    // over a sequential scan of every charge, for each batch of the live projector.
    await fixture.dataSource.query(
      `INSERT INTO charges (id, merchant_id, monto, moneda, referencia, estado, checkout_token, creado_en, actualizado_en, revision)
       SELECT gen_random_uuid(), $1, 1000, 'COP', 'R-' || n, 'pendiente', 'tok-' || n, now(), now(), 1
         FROM generate_series(1, 20000) AS n`,
      [MERCHANT],
    );
    await fixture.dataSource.query('ANALYZE charges');
    const ids: Array<{ id: string }> = await fixture.dataSource.query('SELECT id FROM charges LIMIT 30');
    const changes = ids.map(({ id }) => ({ id, estado: 'aprobado', revision: 2 }));
    const [{ 'QUERY PLAN': plan }] = await fixture.dataSource.query(`EXPLAIN (FORMAT JSON) ${WRITE_ROWS}`, [
      '[]',
      JSON.stringify(changes),
      changes.map((change) => change.id),
    ]);
    const scans: string[] = [];
    const visit = (node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }): void => {
      if (node['Relation Name'] === 'charges') scans.push(node['Node Type']);
      for (const child of node.Plans ?? []) visit(child as typeof node);
    };
    visit(plan[0].Plan);
    // The insert and the update are ModifyTable nodes; the update's one read of charges must go by the key.
    expect(scans.filter((node) => node !== 'ModifyTable')).toEqual([expect.stringMatching(/^(Index|Bitmap Heap) Scan$/)]);
  });

  it('applies an event at or below the row\'s revision no more than once', async () => {
    const id = randomUUID();
    await appendCharge(id, chargeLife(id, MERCHANT, 3));
    const events = await fixture.store.readStream(chargeStream(id));
    await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events));
    const projected = await row(id);

    await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events.slice(0, 2)));
    await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events));

    expect(projected).toMatchObject({ estado: 'reembolsado', revision: 3 });
    expect(await row(id)).toEqual(projected);
    // A batch seen again writes no row, so it moves no count either.
    expect(await daily()).toEqual([{ merchant_id: MERCHANT, dia: '2026-11-20', estado: 'reembolsado', cantidad: 1, monto: '13000' }]);
  });

  it('keeps the daily totals the rows make, however the log is cut into batches, a charge moved many times in one', async () => {
    // Charges created on both sides of Bogota midnights (05:00 UTC), their decisions appended after every creation,
    // so a batch holds creations alone, moves of charges created batches before, or a creation with all its moves
    // (pendiente, aprobado, conciliado in one batch); two merchants.
    const other = randomUUID();
    const lives = Array.from({ length: 30 }, (_, n) => {
      const id = randomUUID();
      const at = new Date(Date.parse('2026-11-20T04:59:59.998Z') + (n % 3) * 1 + Math.floor(n / 3) * 3_600_000 * 7).toISOString();
      const [, ...moves] = chargeLife(id, MERCHANT, n);
      return { id, created: chargeCreated(id, n % 4 === 0 ? other : MERCHANT, 10_000 + n * 1000, at), moves };
    });
    for (const life of lives) await appendCharge(life.id, [life.created]);
    for (const life of lives) if (life.moves.length > 0) await appendCharge(life.id, life.moves, 0);
    // The log as the projector reads it: what other databases' open transactions hold back is read once they end.
    const total = lives.reduce((sum, life) => sum + 1 + life.moves.length, 0);
    const events = await readAllUntil(fixture.store, START, (read) => read.length >= total);
    expect(events).toHaveLength(total);

    const seen: unknown[][] = [];
    for (const size of [1, 2, 3, 7, 10_000]) {
      await fixture.dataSource.transaction((manager) => chargesProjection.clear(manager));
      for (let from = 0; from < events.length; from += size) {
        await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events.slice(from, from + size)));
      }
      const totals = await daily();
      expect(totals).toEqual(await dailyOfRows());
      seen.push(totals);
    }
    // Every estado and both days at midnight were there to be moved between, and every cut gave the same rows.
    const totals = seen[0] as Array<{ dia: string; estado: string }>;
    expect(new Set(totals.map((t) => t.estado))).toEqual(new Set(['creado', 'pendiente', 'aprobado', 'fallido', 'conciliado', 'reembolsado']));
    expect(totals.map((t) => t.dia)).toEqual(expect.arrayContaining(['2026-11-19', '2026-11-20']));
    for (const cut of seen) expect(cut).toEqual(seen[0]);
  });

  it('writes a batch\'s rows in one statement, a charge created in it inserted once with its later events', async () => {
    const [earlier, created] = [randomUUID(), randomUUID()];
    await appendCharge(earlier, [chargeCreated(earlier, MERCHANT)]);
    await fixture.dataSource.transaction(async (manager) =>
      chargesProjection.apply(manager, await fixture.store.readStream(chargeStream(earlier))),
    );
    await appendCharge(earlier, [checkoutOpened('2026-11-20T10:00:01.000Z')], 0);
    await appendCharge(created, [chargeCreated(created, MERCHANT), checkoutOpened('2026-11-20T10:00:02.000Z')]);
    const batch = [
      ...(await fixture.store.readStream(chargeStream(earlier))).slice(1),
      ...(await fixture.store.readStream(chargeStream(created))),
    ].sort((a, b) => comparePositions(a.position, b.position));
    const writes: string[] = [];

    await fixture.dataSource.transaction((manager) => {
      const counting = new Proxy(manager, {
        get(target, property) {
          if (property === 'query') {
            return (sql: string, parameters?: unknown[]) => {
              if (/INSERT INTO charges|UPDATE charges/.test(sql)) writes.push(sql);
              return target.query(sql, parameters);
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return chargesProjection.apply(counting, batch);
    });

    expect(writes).toHaveLength(1);
    expect(await row(earlier)).toMatchObject({ estado: 'pendiente', revision: 1 });
    expect(await row(created)).toMatchObject({ estado: 'pendiente', revision: 1, actualizado_en: new Date('2026-11-20T10:00:02.000Z') });
  });

  it('keeps one projector active per projection; another takes over when it stops', async () => {
    const first = projector();
    const a = randomUUID();
    await first.waitFor(await appendCharge(a, chargeLife(a, MERCHANT, 0)));
    const second = projector();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([first.isActive, second.isActive]).toEqual([true, false]);

    await first.stop();
    const b = randomUUID();
    await second.waitFor(await appendCharge(b, chargeLife(b, MERCHANT, 1)));

    expect(second.isActive).toBe(true);
    expect((await rows()).map((r) => r.id).sort()).toEqual([a, b].sort());
  });

  it('rebuilds from position 0 the same rows as the live projector made', async () => {
    // Small live batches split charges across batches; the rebuild reads in large ones.
    const live = projector(chargesProjection, 7);
    const charges = Array.from({ length: 60 }, () => randomUUID());
    const lasts = await Promise.all(
      charges.map(async (id, n) => {
        const [created, ...rest] = chargeLife(id, MERCHANT, n);
        // Each charge in two appends, interleaving streams in the global log.
        const position = await appendCharge(id, [created!]);
        return rest.length > 0 ? appendCharge(id, rest, 0) : position;
      }),
    );
    await live.waitFor(lasts.reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b)));
    const liveRows = await rows();
    expect(liveRows).toHaveLength(60);
    const liveDaily = await daily();
    expect(liveDaily).toEqual(await dailyOfRows());
    await live.stop();

    const result = await rebuildCharges(fixture.dataSource, fixture.store);

    expect(result).toMatchObject({ projection: 'charges', charges: 60, replayedBy: 'rebuild' });
    expect(result.events).toBe((await fixture.store.readAll(START, 10_000)).length);
    expect(await rows()).toEqual(liveRows);
    expect(await daily()).toEqual(liveDaily);
  });

  it('rebuilds while the running projector holds the lock, with the same rows; the projector goes on from the swap', async () => {
    const live = projector(chargesProjection, 5);
    const charges = Array.from({ length: 20 }, () => randomUUID());
    let last: GlobalPosition = START;
    for (const [n, id] of charges.entries()) last = await appendCharge(id, chargeLife(id, MERCHANT, n));
    await live.waitFor(last);
    const liveRows = await rows();
    const liveDaily = await daily();

    const result = await rebuildCharges(fixture.dataSource, fixture.store);

    expect(result).toMatchObject({ charges: 20, replayedBy: 'rebuild', position: last });
    expect(await rows()).toEqual(liveRows);
    expect(await daily()).toEqual(liveDaily);
    // The projector's next batch finds the checkpoint set by the swap, not where it left it, and goes on from there.
    const later = randomUUID();
    const position = await appendCharge(later, chargeLife(later, MERCHANT, 20));
    await live.waitFor(position);
    expect((await rows()).map((r) => r.id).sort()).toEqual([...charges, later].sort());
    expect(await daily()).toEqual(await dailyOfRows());
    const [checkpoint] = await fixture.dataSource.query(`SELECT events_applied::int AS n FROM projection_checkpoints WHERE name = 'charges'`);
    expect(checkpoint.n).toBe((await fixture.store.readAll(START, 10_000)).length);
  });
});

describe('the worker role', () => {
  it('starts the read models\' projector with the application and stops it, releasing its lock, on shutdown', async () => {
    const fixture = await openPostgresFixture();
    try {
      const infra = { config: loadConfig({}), dataSource: fixture.dataSource, eventStore: fixture.store, clock: systemClock, merchantCache: new MerchantCache() };
      const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(infra), { logger: false, abortOnError: false });
      await app.init();
      const { projector } = app.get(ReadModelsProjector);
      const id = randomUUID();
      await fixture.store.append(chargeStream(id), [chargeCreated(id, MERCHANT)], 'no_stream');
      const [created] = await fixture.store.readStream(chargeStream(id));

      await projector.waitFor(created!.position);
      const projected = await fixture.dataSource.query('SELECT id FROM charges');
      await app.close();

      expect(projected).toEqual([{ id }]);
      expect(projector.isActive).toBe(false);
      const locks = await fixture.dataSource.query<Array<{ n: number }>>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
      );
      expect(locks[0]?.n).toBe(0);
    } finally {
      await fixture.close();
    }
  });
});
