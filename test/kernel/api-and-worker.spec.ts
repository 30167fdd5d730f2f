// The scale-out shape of docker-compose.yml (DESIGN.md 3): a ROLE=api process and a ROLE=worker process, each real,
// on one PostgreSQL, wired as the compose file wires them (the worker's PROVIDER_URL is the api's sandbox, its
// sandbox's notices go to the api). The api alone projects nothing and delivers no webhook; once the worker runs, the
// charge created and approved on the api is in the list and its payment.completed reaches the merchant's endpoint.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { exited, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, waitUntil } from '../support/gateway.js';
import { GATEWAY_PROCESS, gatewayProcessEnv } from '../support/gateway-process-env.js';
import type { GatewayAddress } from '../support/merchants.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { createCharge, merchantWithEndpoint } from '../webhooks/support/webhooks.js';

const OPERATOR_TOKEN = 'api-and-worker-operator-token-0123456789';

describe('ROLE=api and ROLE=worker as two processes on one database', () => {
  let db: TestDatabase;
  let receiver: Receiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    receiver = await Receiver.start();
  }, 30_000);

  afterAll(async () => {
    for (const child of children) {
      child.kill('SIGTERM');
      await exited(child);
    }
    await receiver?.close();
    await db?.drop();
  }, 30_000);

  test('a charge created and approved on the api is projected and its webhook delivered by the worker', async () => {
    const shared = {
      PROVIDER_SECRET: randomBytes(32).toString('base64url'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    };
    const api = await gatewayProcessEnv(db.url, OPERATOR_TOKEN, { ...shared, ROLE: 'api' });
    children.push(await startChild(GATEWAY_PROCESS, api.env, 'Pasarela is running (ROLE=api)', 60_000));
    const gw: GatewayAddress = { publicUrl: api.publicUrl, adminUrl: api.adminUrl, operatorToken: OPERATOR_TOKEN };

    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
    const charge = await createCharge(gw, merchant);
    const decided = await http('POST', `${api.adminUrl}/internal/sandbox/pagos/${charge.id}/resultado`, {
      token: OPERATOR_TOKEN,
      body: { resultado: 'aprobado' },
    });
    expect(decided.status).toBe(202);
    // The api takes the provider's notice (the charge's stream says aprobado), but lists the read model, which only
    // a worker's projector fills, and sends no webhook.
    const read = () => http('GET', `${api.publicUrl}/v1/pagos/${charge.id}`, { token: merchant.apiKey });
    await waitUntil(read, (answer) => answer.body.estado === 'aprobado', 15_000);
    const list = () => http('GET', `${api.publicUrl}/v1/pagos?referencia=${charge.referencia}`, { token: merchant.apiKey });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await list()).body.data).toEqual([]);
    expect(receiver.requests).toEqual([]);

    const worker = await gatewayProcessEnv(db.url, OPERATOR_TOKEN, {
      ...shared,
      ROLE: 'worker',
      PROVIDER_URL: `http://127.0.0.1:${api.env.SANDBOX_PORT}`,
      SANDBOX_NOTICE_URL: `${api.publicUrl}/provider/notices`,
    });
    children.push(await startChild(GATEWAY_PROCESS, worker.env, 'Pasarela is running (ROLE=worker)', 60_000));

    const listed = await waitUntil(list, (answer) => answer.body.data?.length === 1, 20_000);
    expect(listed.body.data[0]).toMatchObject({ id: charge.id, estado: 'aprobado' });
    await waitUntil(
      async () => receiver.accepted,
      (accepted) => accepted.length === 1,
      20_000,
    );
    const notice = JSON.parse(receiver.accepted[0]!.rawBody) as { type: string; data: { paymentId: string } };
    expect(notice).toMatchObject({ type: 'payment.completed', data: { paymentId: charge.id } });
  }, 150_000);
});
