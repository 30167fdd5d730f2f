// While the database does not answer, every merchant operation answers 503 gateway_unavailable with Retry-After
// (docs/decisions.md, "Database outages"): the document must say so for each. The gateway reaches its database
// through a TCP relay of this test's own, which the test cuts.
import { http, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { relayedUrl, relayTo, type DatabaseRelay } from '../support/database-relay.js';
import { prepare, send, TABLE, type Request } from './openapi-table.js';
import { OpenApiConformance, type OpenApiDocument } from './openapi-validator.js';

describe('the merchant API while its database does not answer', () => {
  let db: TestDatabase;
  let relay: DatabaseRelay;
  let gw: TestGateway;
  let oas: OpenApiConformance;
  const requests = new Map<string, Request>();

  beforeAll(async () => {
    db = await createTestDatabase();
    relay = await relayTo(new URL(db.url));
    gw = await startTestGatewayOn(relayedUrl(db.url, relay), {}, undefined, []);
    oas = new OpenApiConformance((await http<OpenApiDocument>('GET', `${gw.publicUrl}/docs/openapi.json`)).body);
    // Each operation's first row (its success), its setup made while the database answers.
    const f = await prepare(gw);
    for (const [operation, cases] of Object.entries(TABLE)) requests.set(operation, await cases[0]!.request(f));
    relay.cut();
    // Until the gateway has seen its connections drop, the key cache may still answer for a key.
    await waitUntil(() => send(gw, 'GET /v1/merchants/me', requests.get('GET /v1/merchants/me')!), (a) => a.status === 503, 5000);
  });
  afterAll(async () => {
    relay.mend();
    await gw?.close();
    await relay.close();
    await db.drop();
  });

  it.each(Object.keys(TABLE))('%s: 503 with Retry-After, as documented', async (operation) => {
    const answer = await send(gw, operation, requests.get(operation)!);
    expect([answer.status, answer.body?.code, oas.answerErrors(operation, answer)]).toEqual([503, 'gateway_unavailable', []]);
  });
});
