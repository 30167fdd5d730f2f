// "The gateway survives its PostgreSQL restarting" (DATABASE_URL mode): a server of this test's own is stopped (fast
// shutdown) and started again on the same data and port under a running gateway. During the outage requests answer
// 503 with Retry-After; afterwards creates, reads, the projector, the key cache and webhooks resume by themselves.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CONNECT_TIMEOUT_MS } from '../../src/kernel/database.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/kernel/embedded-postgres.js';
import { http, startTestGatewayOn, waitUntil, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { issueKey } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { freePort } from '../support/ports.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { createCharge, merchantWithEndpoint, type WebhookMerchant } from '../webhooks/support/webhooks.js';

/** The three projections of the read-models runner, each with its own advisory lock. */
const READ_MODEL_LOCKS = 3;

describe('a PostgreSQL restart under a running gateway', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-restart-'));
  let port: number;
  let db: EmbeddedDatabase | null = null;
  let gw: TestGateway;
  let receiver: Receiver;
  let merchant: WebhookMerchant;
  /** A second key of the merchant, used before the outage (so cached), revoked after it. */
  let spareKey: { id: string; key: string };
  let chargeBefore: string;

  const startDatabase = async (): Promise<void> => {
    db = await startEmbeddedPostgres({ dir: path.join(parent, 'pg'), port, database: 'pasarela', persistent: true });
  };
  const stopDatabase = async (): Promise<void> => {
    await db?.stop();
    db = null;
  };

  /** Runs one statement on a connection of its own. */
  const query = async <T>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: gw.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };

  const listed = async (id: string): Promise<boolean> => {
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos?limit=100`, { token: merchant.apiKey });
    return answer.status === 200 && (answer.body.data as Array<{ id: string }>).some((charge) => charge.id === id);
  };

  beforeAll(async () => {
    chmodSync(parent, 0o755);
    port = await freePort();
    await startDatabase();
    gw = await startTestGatewayOn(db!.url, { webhookAllowLoopback: true });
    receiver = await Receiver.start();
    merchant = await merchantWithEndpoint(gw, `${receiver.url}/webhooks`);
    receiver.secret = merchant.secret ?? '';
    spareKey = await issueKey(gw, merchant.merchantId);
    expect((await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: spareKey.key })).status).toBe(200);
    chargeBefore = (await createCharge(gw, merchant)).id;
  }, 60_000);

  afterAll(async () => {
    await gw?.close().catch(() => undefined);
    await receiver?.close();
    await stopDatabase().catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
  });

  test('while the database is down, merchant and operator routes answer 503 with Retry-After, at once', async () => {
    await stopDatabase();
    const asks: Array<[string, () => Promise<HttpAnswer>]> = [
      ['POST /v1/pagos', () => http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': 'during-the-outage' },
        body: { merchantId: merchant.merchantId, monto: 1000, moneda: 'COP', referencia: 'PED-CAIDA' },
      })],
      ['GET /v1/pagos/{id}', () => http('GET', `${gw.publicUrl}/v1/pagos/${chargeBefore}`, { token: merchant.apiKey })],
      ['GET /v1/pagos', () => http('GET', `${gw.publicUrl}/v1/pagos`, { token: merchant.apiKey })],
      ['GET /internal/merchants/{id}/entregas', () => http('GET', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/entregas`, { token: gw.operatorToken })],
    ];
    try {
      for (const [what, ask] of asks) {
        const started = Date.now();
        const answer = await ask();
        expect({ what, status: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body }).toEqual({
          what,
          status: 503,
          retryAfter: '5',
          body: { statusCode: 503, message: expect.any(String), error: 'Service Unavailable', code: 'gateway_unavailable' },
        });
        // At once: from the refusal, not after waiting out the pool's connect timeout (5 s) for a server that might
        // answer, nor until the database is back (a hang). A refusal takes milliseconds: under the connect timeout
        // leaves a busy box ample room, and still fails on either wait.
        expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS);
      }
      // The health check a load balancer asks says the same, with the same hint of when to ask again.
      const health = await http('GET', `${gw.publicUrl}/health`);
      expect([health.status, health.headers.get('retry-after'), health.body.code]).toEqual([503, '5', 'unavailable']);
    } finally {
      await startDatabase();
    }
  }, 60_000);

  test('once it is back, a charge can be created and read, and the projector lists it', async () => {
    const charge = await createCharge(gw, merchant);
    const read = await http('GET', `${gw.publicUrl}/v1/pagos/${charge.id}`, { token: merchant.apiKey });
    expect([read.status, read.body.referencia]).toEqual([200, charge.referencia]);
    await waitUntil(() => listed(charge.id), (found) => found, 20_000);
  }, 30_000);

  test('a key revoked after the restart is refused (the key cache hears of it again)', async () => {
    const revoke = await http('DELETE', `${gw.adminUrl}/internal/api-keys/${spareKey.id}`, { token: gw.operatorToken });
    expect(revoke.status).toBe(204);
    const answer = await waitUntil(
      () => http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: spareKey.key }),
      (me) => me.status !== 200,
      5000,
    );
    expect(answer.status).toBe(401);
  }, 15_000);

  test('an approval after the restart reaches the merchant as a webhook', async () => {
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    await waitUntil(
      async () => receiver.accepted.map((request) => JSON.parse(request.rawBody) as { type: string; data: { paymentId: string } }),
      (notices) => notices.some((notice) => notice.type === 'payment.completed' && notice.data.paymentId === charge.id),
      20_000,
    );
  }, 30_000);

  test('a projector whose lock connection ended takes its locks again before it goes on', async () => {
    const holders = (): Promise<Array<{ pid: number }>> =>
      query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = x'70726f6a'::int::oid");
    const [before] = await holders();
    expect(before).toBeDefined();
    await query(`SELECT pg_terminate_backend(${before!.pid})`);
    const charge = await createCharge(gw, merchant);
    await waitUntil(() => listed(charge.id), (found) => found, 20_000);
    const after = await holders();
    expect(after).toHaveLength(READ_MODEL_LOCKS);
    expect(after.every((holder) => holder.pid !== before!.pid)).toBe(true);
  }, 30_000);
});
