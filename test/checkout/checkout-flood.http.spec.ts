// Anyone can ask the public listener for /checkout/<any token>. A lookup waits up to a second for the projector (a buyer
// sent on right after the 201), but only a few at a time: a flood of made-up tokens must not multiply into twenty-one
// database queries each, and real buyers still find their page.
import { MAX_WAITING_LOOKUPS } from '../../src/checkout/adapters/persistence/postgres.checkout-lookup.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge } from './paying.js';

const FLOOD = 60;

describe('a flood of made-up checkout tokens', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let tokenQueries = 0;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
    // Counts the lookups by token the gateway sends to PostgreSQL (the same DataSource its checkout uses).
    const db = gw.infra.dataSource;
    const query = db.query.bind(db);
    db.query = ((sql: string, ...rest: unknown[]) => {
      if (sql.includes('checkout_token = $1')) tokenQueries++;
      return (query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest);
    }) as typeof db.query;
  });
  afterAll(() => gw.close());

  it('costs one query per token beyond the few lookups that wait, and each is the 404 page', async () => {
    tokenQueries = 0;
    const answers = await Promise.all(
      Array.from({ length: FLOOD }, (_, n) => http('GET', `${gw.publicUrl}/checkout/inventado${String(n).padStart(24, '0')}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(FLOOD).fill(404));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    // Without the bound: 60 x 21 = 1260 queries.
    expect(tokenQueries).toBeLessThanOrEqual(FLOOD + MAX_WAITING_LOOKUPS * 20);
  });

  it("still shows a real charge's page, and the next made-up tokens wait again once the flood is over", async () => {
    const charge = await createCharge(gw, merchant);
    expect((await http('GET', charge.checkoutUrl)).status).toBe(200);
    tokenQueries = 0;
    expect((await http('GET', `${gw.publicUrl}/checkout/${'x'.repeat(32)}`)).status).toBe(404);
    expect(tokenQueries).toBe(21);
  });
});
