// While the operator rebuilds the charges read model, a merchant's list and stats keep answering from the whole old
// model; the rebuilt one replaces it at once, caught up with the log, events appended meanwhile included.
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { insertCreatedCharges } from '../support/charge-histories.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

type Page = { status: number; body: { data: unknown[]; nextCursor: string | null } };

const CHARGES = 5_000;
const APPENDED = 300;
// insertCreatedCharges dates its charges from 2026-11-01T00:00Z, a second apart: in Bogotá, 31 October and 1 November.
const STATS = '/v1/pagos/stats?desde=2026-10-31&hasta=2026-11-01&periodo=dia';

describe('GET /v1/pagos and /v1/pagos/stats while POST /internal/proyecciones/pagos/reconstruccion runs', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw, {});
  });
  afterAll(() => gw.close());

  const statsTotal = async (): Promise<number> => {
    const answer = await http('GET', `${gw.publicUrl}${STATS}`, { token: shop.apiKey });
    expect(answer.status).toBe(200);
    return answer.body.total.cantidad as number;
  };
  /** Every page of the list, newest first: how many charges it shows. */
  const walk = async (): Promise<number> => {
    let seen = 0;
    let cursor: string | null = null;
    do {
      const after = cursor ? `&cursor=${cursor}` : '';
      const page: Page = await http('GET', `${gw.publicUrl}/v1/pagos?limit=100${after}`, { token: shop.apiKey });
      expect(page.status).toBe(200);
      seen += page.body.data.length;
      cursor = page.body.nextCursor;
    } while (cursor);
    return seen;
  };

  it('answers every charge throughout, and the rebuilt model afterwards has the charges appended meanwhile', async () => {
    const db = gw.infra.dataSource;
    await insertCreatedCharges(db, shop.merchantId, CHARGES);
    await waitUntil(statsTotal, (n) => n === CHARGES, 60_000);
    expect(await walk()).toBe(CHARGES);

    // Every batch of the charges projection moves the webhook outbox's mark: holding its row stops any replay at its
    // first batch, whoever replays (the rebuild or the live projector), so the reads below happen mid-rebuild.
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT * FROM webhook_outbox_mark FOR UPDATE');
    let rebuilt = false;
    const rebuild = http('POST', `${gw.adminUrl}/internal/proyecciones/pagos/reconstruccion`, { token: gw.operatorToken }).finally(() => {
      rebuilt = true;
    });
    try {
      // The rebuild has applied its first batch up to the mark and waits there.
      await waitUntil(
        async () =>
          (
            await db.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%webhook_outbox_mark%'`,
            )
          )[0].n as number,
        (n) => n > 0,
        60_000,
      );
      expect(await statsTotal()).toBe(CHARGES);
      expect(await walk()).toBe(CHARGES);
      // Charges appended while the rebuild runs.
      await insertCreatedCharges(db, shop.merchantId, APPENDED);
    } finally {
      await holder.query('COMMIT');
      await holder.release();
    }
    // From the release to the rebuild's answer, never fewer than the charges there were.
    while (!rebuilt) {
      expect(await statsTotal()).toBeGreaterThanOrEqual(CHARGES);
      expect(await walk()).toBeGreaterThanOrEqual(CHARGES);
    }
    const answer = await rebuild;
    expect(answer.status).toBe(200);
    expect(answer.body.eventos).toBeGreaterThanOrEqual(CHARGES);
    // Nothing appended during the rebuild is lost, and the checkpoint counts every event once.
    await waitUntil(statsTotal, (n) => n === CHARGES + APPENDED, 60_000);
    expect(await walk()).toBe(CHARGES + APPENDED);
    const [checkpoint] = await db.query(`SELECT events_applied::int AS n FROM projection_checkpoints WHERE name = 'charges'`);
    const [events] = await db.query('SELECT count(*)::int AS n FROM events');
    expect(checkpoint.n).toBe(events.n);
  }, 180_000);
});
