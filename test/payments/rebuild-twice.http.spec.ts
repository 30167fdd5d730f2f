// Two operators rebuild the charges read model at once, with no worker running (ROLE=api): both answer, and the
// merchant's list is whole afterwards.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { insertCreatedCharges } from '../support/charge-histories.js';
import { onboardMerchant } from '../support/merchants.js';

const EVENTS = 20_000;

describe('POST /internal/proyecciones/pagos/reconstruccion twice at once', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ role: 'api' });
  });
  afterAll(() => gw.close());

  it('the second rebuild, arriving while the first replays, leaves neither failed nor the list empty', async () => {
    const merchant = await onboardMerchant(gw, {});
    // A log long enough that the first rebuild is still replaying when the second arrives.
    await insertCreatedCharges(gw.infra.dataSource, merchant.merchantId, EVENTS);
    const rebuild = () =>
      http('POST', `${gw.adminUrl}/internal/proyecciones/pagos/reconstruccion`, { token: gw.operatorToken });

    const first = rebuild();
    // The second arrives once the first has applied a batch, and before it has applied them all.
    let applied = 0;
    for (let tries = 0; tries < 2000 && applied === 0; tries++) {
      await new Promise((r) => setTimeout(r, 5));
      const [row] = await gw.infra.dataSource.query(`SELECT events_applied::int AS n FROM projection_checkpoints WHERE name = 'charges'`);
      applied = row?.n ?? 0;
    }
    expect(applied).toBeGreaterThan(0);
    expect(applied).toBeLessThan(EVENTS);
    const second = rebuild();

    const a = await first;
    expect({ status: a.status, body: a.body }).toMatchObject({ status: 200, body: { eventos: EVENTS, pagos: EVENTS } });
    const b = await second;
    expect({ status: b.status, body: b.body }).toMatchObject({ status: 200, body: { eventos: EVENTS, pagos: EVENTS } });
    const [count] = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM charges WHERE merchant_id = $1', [merchant.merchantId]);
    expect(count.n).toBe(EVENTS);
  }, 60_000);

  it('a rebuild that found the lock taken replays the log itself once the lock comes free with no projector running', async () => {
    // The log seeded above. The lock held here stands for a first rebuild that ends before it sees the second's reset.
    const holder = gw.infra.dataSource.createQueryRunner();
    await holder.connect();
    await holder.query(`SELECT pg_advisory_lock(${0x70726f6a}, hashtext('charges'))`);
    const second = http('POST', `${gw.adminUrl}/internal/proyecciones/pagos/reconstruccion`, { token: gw.operatorToken });
    let reset = false;
    for (let tries = 0; tries < 2000 && !reset; tries++) {
      await new Promise((r) => setTimeout(r, 5));
      const [row] = await gw.infra.dataSource.query(`SELECT events_applied::int AS n FROM projection_checkpoints WHERE name = 'charges'`);
      reset = row?.n === 0;
    }
    expect(reset).toBe(true);
    await holder.query('SELECT pg_advisory_unlock_all()');
    await holder.release();

    const b = await second;
    expect({ status: b.status, body: b.body }).toMatchObject({ status: 200, body: { eventos: EVENTS, pagos: EVENTS } });
  }, 30_000);
});
