// The merchant API says when a database outage begins and, once, when it is over (docs/decisions.md, "Logs"): the
// gateway reaches its database through a relay this test cuts and mends.
import { http, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { relayedUrl, relayTo, type DatabaseRelay } from '../support/database-relay.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

describe('the end of a database outage in the log', () => {
  const logger = capturingLogger();
  let db: TestDatabase;
  let relay: DatabaseRelay;
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await relayTo(new URL(db.url));
    gw = await startTestGatewayOn(relayedUrl(db.url, relay), {}, undefined, logger);
    merchant = await onboardMerchant(gw);
  }, 60_000);
  afterAll(async () => {
    relay?.mend();
    await gw?.close();
    await relay?.close();
    await db?.drop();
  });

  const me = () => http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: merchant.apiKey });
  const httpLines = () => logger.lines.filter((line) => line.includes('[HTTP]'));

  test('one line when requests get answers again, not one per request', async () => {
    relay.cut();
    // Until the gateway has seen its connections drop, the key cache may still answer for a key.
    await waitUntil(me, (answer) => answer.status === 503, 10_000);
    for (let i = 0; i < 5; i++) expect((await me()).status).toBe(503);
    expect(httpLines()).toEqual([expect.stringMatching(/^error \[HTTP\] The database does not answer \(.*\); requests answer 503 until it does$/)]);

    relay.mend();
    await waitUntil(me, (answer) => answer.status === 200, 15_000);
    await waitUntil(async () => httpLines().length, (count) => count >= 2, 5_000);
    for (let i = 0; i < 5; i++) expect((await me()).status).toBe(200);
    expect(httpLines().slice(1)).toEqual(['log [HTTP] The database answers again; requests are served again']);

    // The next outage logs its start at once, and its end once too.
    relay.cut();
    await waitUntil(me, (answer) => answer.status === 503, 10_000);
    relay.mend();
    await waitUntil(async () => httpLines().length, (count) => count >= 4, 15_000);
    expect(httpLines().slice(2)).toEqual([
      expect.stringMatching(/^error \[HTTP\] The database does not answer/),
      'log [HTTP] The database answers again; requests are served again',
    ]);
  }, 60_000);
});
