// A database that stops answering without closing anything (its processes frozen, a host gone, a partition): the
// gateway reaches it through a relay of the test's own that, frozen, takes every byte and returns none. A request on a
// pooled connection already open used to wait until TCP gave up (minutes; for ever here): it must answer 503 instead,
// and requests are served again once the database is back, with no restart (docs/decisions.md, "Database outages").
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { relayedUrl, relayTo, type DatabaseRelay } from '../support/database-relay.js';
import { http, startTestGatewayOn, waitUntil, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

/** Far beyond the gateway's bound (a stalled query is asked about after 5 s, the probe has 5 s): a hang, not slowness. */
const HANG_MS = 30_000;

describe('a database that goes silent under a running gateway', () => {
  let db: TestDatabase;
  let relay: DatabaseRelay;
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await relayTo(new URL(db.url));
    gw = await startTestGatewayOn(relayedUrl(db.url, relay), {});
    merchant = await onboardMerchant(gw);
  }, 60_000);
  afterAll(async () => {
    relay?.cut();
    relay?.mend();
    await gw?.close();
    await relay?.close();
    await db?.drop();
  });

  const list = (): Promise<HttpAnswer> => http('GET', `${gw.publicUrl}/v1/pagos`, { token: merchant.apiKey });

  test('a request on an open connection answers 503, not a hang; served again once the database is back', async () => {
    // Connections open and idle in the pool, the key in the cache: the list's query goes out on an open connection.
    for (let i = 0; i < 3; i++) expect((await list()).status).toBe(200);
    relay.freeze();
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      list(),
      new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), HANG_MS))),
    ]).finally(() => clearTimeout(timer));
    expect(answer === 'no answer' ? answer : [answer.status, answer.headers.get('retry-after'), answer.body.code]).toEqual([
      503,
      '5',
      'gateway_unavailable',
    ]);

    // Back: the frozen connections are dropped (as the network or the server's restart would), new ones answer.
    relay.cut();
    relay.mend();
    expect((await waitUntil(list, (again) => again.status === 200, 20_000)).status).toBe(200);
  }, 90_000);
});
