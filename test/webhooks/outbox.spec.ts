// The outbox: the charges projector turns each approval and failure into one pending delivery, in the same
// transaction as the read model and the checkpoint (DESIGN.md 3b), and a rebuild from position 0 makes none again.
import { randomUUID } from 'node:crypto';
import { START, type GlobalPosition } from '../../src/payments/application/ports/event-store.port.js';
import { chargesProjection } from '../../src/payments/adapters/projections/charges.projection.js';
import { loadCheckpoint } from '../../src/payments/adapters/projections/checkpoint.js';
import { applyBatch, type Projection } from '../../src/payments/adapters/projections/projection.js';
import { rebuildCharges } from '../../src/payments/adapters/projections/rebuild.js';
import { PostgresDeliveryQueue } from '../../src/webhooks/adapters/persistence/postgres.delivery-queue.js';
import { chargeStream } from '../../src/payments/domain/charge.events.js';
import { chargeCreated, checkoutOpened, paymentApproved, paymentFailed } from '../payments/charge-events.fixture.js';
import { readAllUntil } from '../payments/event-store.contract.js';
import { openPostgresFixture, type PostgresFixture } from '../payments/postgres-fixture.js';

const MERCHANT = '7f1d9a52-3c1e-4c55-9a43-2b7f1e0c9d11';

interface DeliveryRow {
  event_id: string;
  charge_id: string;
  merchant_id: string;
  event_type: string;
  body: string;
  estado: string;
}

describe('the webhook outbox', () => {
  let fixture: PostgresFixture;

  beforeEach(async () => {
    fixture = await openPostgresFixture();
    appended = 0;
  });
  afterEach(() => fixture.close());

  const rows = (): Promise<DeliveryRow[]> =>
    fixture.dataSource.query('SELECT event_id, charge_id, merchant_id, event_type, body, estado FROM webhook_deliveries ORDER BY created_at, event_id');

  /** A charge created, opened, then approved (or failed); its stored events. */
  const charge = async (outcome: 'approved' | 'failed' = 'approved') => {
    const id = randomUUID();
    const final = outcome === 'approved' ? paymentApproved('2026-11-20T10:05:00.000Z') : paymentFailed('2026-11-20T10:05:00.000Z');
    await fixture.store.append(chargeStream(id), [chargeCreated(id, MERCHANT, 150_000), checkoutOpened('2026-11-20T10:00:01.000Z'), final], 'no_stream');
    appended += 3;
    return { id, final };
  };

  let appended = 0;
  /** Every event appended so far: a read waits until other transactions of the server no longer hold any back. */
  const all = () => readAllUntil(fixture.store, START, (read) => read.length >= appended, { timeoutMs: 15_000 });
  const apply = async (from: GlobalPosition, events: Awaited<ReturnType<typeof all>>, projection: Projection = chargesProjection) =>
    applyBatch(fixture.dataSource, projection, from, events);

  it('makes one pending delivery per approval or failure, its body serialised once, in the batch', async () => {
    const approved = await charge('approved');
    const failed = await charge('failed');

    await apply(START, await all());

    const made = await rows();
    const byCharge = (a: string[], b: string[]): number => a[0]!.localeCompare(b[0]!);
    expect(made.map((r) => [r.charge_id, r.event_type, r.estado]).sort(byCharge)).toEqual(
      [
        [approved.id, 'payment.completed', 'pendiente'],
        [failed.id, 'payment.failed', 'pendiente'],
      ].sort(byCharge),
    );
    const body = JSON.parse(made.find((r) => r.charge_id === approved.id)!.body);
    expect(body).toEqual({
      id: `evt_${approved.final.id.replaceAll('-', '')}`,
      created: Math.floor(Date.parse('2026-11-20T10:05:00.000Z') / 1000),
      type: 'payment.completed',
      data: { paymentId: approved.id, reference: `pedido-${approved.id.slice(0, 8)}`, monto: 150_000, currency: 'COP', estado: 'aprobado' },
    });
    expect(made.every((r) => r.merchant_id === MERCHANT)).toBe(true);
  });

  it('finds the charge\'s amount and reference in the read model when the approval comes in a later batch', async () => {
    const id = randomUUID();
    await fixture.store.append(chargeStream(id), [chargeCreated(id, MERCHANT, 42_000), checkoutOpened('2026-11-20T10:00:01.000Z')], 'no_stream');
    appended += 2;
    const first = await apply(START, await all());
    await fixture.store.append(chargeStream(id), [paymentApproved('2026-11-20T10:05:00.000Z')], 1);

    await apply(first.position, await readAllUntil(fixture.store, first.position, (read) => read.length === 1, { timeoutMs: 15_000 }));

    expect(JSON.parse((await rows())[0]!.body).data).toMatchObject({ paymentId: id, monto: 42_000 });
  });

  it('writes nothing of a batch that fails: no delivery, no row, no checkpoint', async () => {
    await charge();
    const failing: Projection = {
      ...chargesProjection,
      async apply(manager, events) {
        await chargesProjection.apply(manager, events);
        throw new Error('disk on fire');
      },
    };

    await expect(apply(START, await all(), failing)).rejects.toThrow('disk on fire');

    expect(await rows()).toEqual([]);
    expect(await fixture.dataSource.query('SELECT id FROM charges')).toEqual([]);
    expect((await loadCheckpoint(fixture.dataSource, 'charges')).position).toEqual(START);
  });

  it('never makes a second delivery of one event: not from a batch applied again, not even past the mark', async () => {
    await charge();
    const events = await all();
    await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events));
    await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events));
    // Even with the mark wound back by hand, the unique event id holds.
    await fixture.dataSource.query('UPDATE webhook_outbox_mark SET commit = -1, prepare = -1');
    await fixture.dataSource.transaction((manager) => chargesProjection.apply(manager, events));

    expect(await rows()).toHaveLength(1);
  });

  it('makes no delivery again and changes none when the read model is rebuilt from position 0', async () => {
    await charge();
    await charge('failed');
    await apply(START, await all());
    await fixture.dataSource.query(`UPDATE webhook_deliveries SET estado = 'entregada', next_attempt_at = NULL`);
    const before = await fixture.dataSource.query('SELECT * FROM webhook_deliveries ORDER BY id');
    await all(); // the rebuild replays what is readable: let it be everything

    const rebuilt = await rebuildCharges(fixture.dataSource, fixture.store);

    expect(rebuilt).toMatchObject({ charges: 2, replayedBy: 'rebuild' });
    expect(await fixture.dataSource.query('SELECT * FROM webhook_deliveries ORDER BY id')).toEqual(before);
  });

  it('still makes the deliveries of approvals that were not yet projected when a rebuild replays them', async () => {
    const projected = await charge();
    const first = await apply(START, await all());
    const late = await charge(); // appended while no projector ran
    await all();

    await rebuildCharges(fixture.dataSource, fixture.store);

    expect((await rows()).map((r) => r.charge_id).sort()).toEqual([projected.id, late.id].sort());
    expect(first.events).toBe(3);
  });

  it('makes no delivery for events other than an approval or a failure', async () => {
    const id = randomUUID();
    await fixture.store.append(chargeStream(id), [chargeCreated(id, MERCHANT), checkoutOpened('2026-11-20T10:00:01.000Z')], 'no_stream');
    appended += 2;

    await apply(START, await all());

    expect(await rows()).toEqual([]);
  });

  it('tells the dispatcher when the next delivery is due, and that none is when nothing is pending', async () => {
    const queue = new PostgresDeliveryQueue(fixture.dataSource);
    // With nothing pending there is nothing to wait for: the dispatcher sleeps its full poll, it does not spin.
    expect(await queue.msUntilNextDue()).toBeNull();
    await charge('approved');
    await apply(START, await all());
    expect(await queue.msUntilNextDue()).toBe(0);
    await fixture.dataSource.query("UPDATE webhook_deliveries SET next_attempt_at = now() + interval '30 seconds'");
    const ms = await queue.msUntilNextDue();
    expect(ms).toBeGreaterThan(25_000);
    expect(ms).toBeLessThanOrEqual(30_000);
  });

  it('only moves the checkpoint of a projection for a batch with none of its event types', async () => {
    const id = randomUUID();
    await fixture.store.append(chargeStream(id), [chargeCreated(id, MERCHANT), checkoutOpened('2026-11-20T10:00:01.000Z')], 'no_stream');
    appended += 2;
    const events = await all();
    const last = events.at(-1)!;
    const applied: unknown[] = [];
    const picky: Projection = {
      name: 'picky',
      types: new Set(['PaymentApproved']),
      apply: async (_manager, batch) => void applied.push(batch),
      clear: async () => undefined,
    };

    const result = await apply(START, events, picky);

    expect(applied).toEqual([]);
    expect(result).toEqual({ position: last.position, events: 2 });
    expect(await loadCheckpoint(fixture.dataSource, 'picky')).toEqual({ position: last.position, eventsApplied: 2 });
    await expect(apply(START, events, picky)).rejects.toThrow(/checkpoint of projection picky moved/);
  });
});
