// A database that answers but takes no writes (a standby the address now names mid-failover, a primary fenced
// read-only, a managed server set read-only on a full disk: SQLSTATE 25006) is an outage like a server that does not
// answer: 503 with Retry-After and one line, never a 500 with a stack trace per request and per worker turn. Once it
// takes writes again, the create retried with its Idempotency-Key makes its charge.
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

describe('a database that turns read-only under a running gateway', () => {
  const logger = capturingLogger();
  let db: TestDatabase;
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  /** Every session of the test's database opened from now on is read-only (or not); the open ones are ended. */
  const readOnly = async (on: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('SET default_transaction_read_only = off');
      const name = new URL(db.url).pathname.slice(1);
      await client.query(on ? `ALTER DATABASE ${name} SET default_transaction_read_only = on` : `ALTER DATABASE ${name} RESET default_transaction_read_only`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startTestGatewayOn(db.url, {}, undefined, logger);
    merchant = await onboardMerchant(gw);
  }, 60_000);
  afterAll(async () => {
    await readOnly(false).catch(() => undefined);
    await gw?.close();
    await db?.drop();
  });

  const httpLines = () => logger.lines.filter((line) => line.includes('[HTTP]'));

  const create = () =>
    http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'pedido-solo-lectura' },
      body: { merchantId: merchant.merchantId, monto: 42_000, moneda: 'COP', referencia: 'PED-SOLO-LECTURA' },
    });

  test('a create answers 503 with Retry-After while it lasts, and makes its charge once writes are taken again', async () => {
    await readOnly(true);
    // Reads are served (the pool has its read-only connections back)...
    await waitUntil(() => http('GET', `${gw.publicUrl}/v1/pagos`, { token: merchant.apiKey }), (answer) => answer.status === 200, 15_000);
    // ...and a write is refused as an outage, in the spec's error shape.
    for (let i = 0; i < 3; i++) {
      const answer = await create();
      expect([answer.status, answer.headers.get('retry-after'), answer.body]).toEqual([
        503,
        '5',
        { statusCode: 503, message: expect.any(String), error: 'Service Unavailable', code: 'gateway_unavailable' },
      ]);
    }
    // Writes retried for a while (past the API's once-a-second probe of the database): still 503, and the API's log
    // says the outage began, once, and not that it is over while writes are still refused.
    for (const until = Date.now() + 2500; Date.now() < until; ) expect((await create()).status).toBe(503);
    expect(httpLines()).toEqual([expect.stringMatching(/^error \[HTTP\] The database does not answer \(cannot execute .* in a read-only transaction\); requests answer 503 until it does$/)]);
    // Nothing logged as a bug: no 500, no stack trace (the dispatcher's and the sandbox clock's turns included).
    expect(logger.lines.filter((line) => /answered 500|failed:|^\w+ \[[^\]]*\] +at /.test(line))).toEqual([]);

    await readOnly(false);
    const created = await waitUntil(create, (answer) => answer.status !== 503, 15_000);
    expect([created.status, created.body.referencia, created.body.estado]).toEqual([201, 'PED-SOLO-LECTURA', 'pendiente']);
    await waitUntil(async () => httpLines().length, (count) => count >= 2, 5_000);
    expect(httpLines().slice(1)).toEqual(['log [HTTP] The database answers again; requests are served again']);
  }, 60_000);
});
