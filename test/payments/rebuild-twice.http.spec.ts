// Two operators rebuild the charges read model at once, with no worker running (ROLE=api): both answer, and the
// merchant's list is whole afterwards. A rebuild left behind by a crash is in nobody's way.
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { insertCreatedCharges } from '../support/charge-histories.js';
import { onboardMerchant } from '../support/merchants.js';

const EVENTS = 20_000;

describe('POST /internal/proyecciones/pagos/reconstruccion twice at once', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ role: 'api' });
  });
  afterAll(() => gw.close());

  const rebuild = () => http('POST', `${gw.adminUrl}/internal/proyecciones/pagos/reconstruccion`, { token: gw.operatorToken });
  /** The scratch schemas of rebuilds under way (or left by a crash). */
  const scratches = async (): Promise<string[]> =>
    (await gw.infra.dataSource.query(`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'rebuild\\_charges\\_%' ORDER BY 1`)).map(
      (row: { nspname: string }) => row.nspname,
    );

  it('the second rebuild, arriving while the first replays, leaves neither failed nor the list empty', async () => {
    const merchant = await onboardMerchant(gw, {});
    // A log of several batches (a rebuild reads 5000 events at a time).
    await insertCreatedCharges(gw.infra.dataSource, merchant.merchantId, EVENTS);

    // Every batch of the charges projection moves the webhook outbox's mark: holding its row stops each rebuild at
    // its first batch, so the second surely arrives while the first replays.
    const holder = gw.infra.dataSource.createQueryRunner();
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT * FROM webhook_outbox_mark FOR UPDATE');
    let first: ReturnType<typeof rebuild>;
    let second: ReturnType<typeof rebuild>;
    try {
      first = rebuild();
      await waitUntil(scratches, (names) => names.length === 1, 30_000);
      second = rebuild();
      // The second kept the first's scratch (its owner's lock is held) and made its own.
      await waitUntil(scratches, (names) => names.length === 2, 30_000);
    } finally {
      await holder.query('COMMIT');
      await holder.release();
    }

    const a = await first;
    expect({ status: a.status, body: a.body }).toMatchObject({ status: 200, body: { eventos: EVENTS, pagos: EVENTS } });
    const b = await second;
    expect({ status: b.status, body: b.body }).toMatchObject({ status: 200, body: { eventos: EVENTS, pagos: EVENTS } });
    const [count] = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM charges WHERE merchant_id = $1', [merchant.merchantId]);
    expect(count.n).toBe(EVENTS);
    expect(await scratches()).toEqual([]);
  }, 60_000);

  it('a scratch schema left by a rebuild that crashed is dropped by the next rebuild, which works', async () => {
    // The log seeded above; what a rebuild killed mid-replay leaves: its schema, with part of the rows.
    const db = gw.infra.dataSource;
    await db.query('CREATE SCHEMA rebuild_charges_000000000000');
    await db.query('CREATE UNLOGGED TABLE rebuild_charges_000000000000.charges (LIKE public.charges INCLUDING ALL)');
    await db.query('CREATE UNLOGGED TABLE rebuild_charges_000000000000.charges_daily (LIKE public.charges_daily INCLUDING ALL)');
    await db.query('INSERT INTO rebuild_charges_000000000000.charges SELECT * FROM public.charges LIMIT 10');

    const b = await rebuild();
    expect({ status: b.status, body: b.body }).toMatchObject({ status: 200, body: { eventos: EVENTS, pagos: EVENTS } });
    // Nobody held its lock: the next rebuild dropped it.
    expect(await scratches()).toEqual([]);
  }, 30_000);
});
