// "A dispatcher killed mid-delivery loses nothing": the projector and dispatcher run in a separate process (the
// worker role, as with ROLE=worker), which is SIGKILLed during a burst of 200 approvals; after a restart every one
// of the 200 is delivered. The test process serves the API only and records what the receiver got.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, startChild } from '../support/child-process.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, merchantWithEndpoint, type CreatedCharge } from './support/webhooks.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKER = path.join(here, 'support/worker-process.ts');
const APPROVALS = 200;
const TIMEOUT_MS = 2000; // the dispatcher's POST time-out: its leases last this + 5 s
const READY_MS = 90_000;

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

describe('a dispatcher killed with SIGKILL during a burst', () => {
  let gw: TestGateway;
  let receiver: Receiver;
  const key = randomBytes(32);
  const children: ChildProcess[] = [];

  /**
   * Starts the worker role in its own process; resolves once it is running. Loading Nest and TypeORM takes a few
   * seconds, many more on a loaded machine: hence the generous wait.
   */
  const startWorker = async (): Promise<ChildProcess> => {
    const env = {
      ...process.env,
      ROLE: 'worker',
      DATABASE_URL: gw.databaseUrl,
      OPERATOR_TOKEN: gw.operatorToken,
      PROVIDER_SECRET: gw.infra.config.providerSecret,
      WEBHOOK_SECRET_KEY: key.toString('base64'),
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      PORT: '0',
      ADMIN_PORT: '0',
      SANDBOX_PORT: '0',
      WORKER_MAX_LIFETIME_MS: '280000',
    };
    const child = await startChild(WORKER, env, 'worker ready', READY_MS);
    children.push(child);
    return child;
  };

  const paymentsReceived = (): Set<string> =>
    new Set(receiver.accepted.map((r) => (JSON.parse(r.rawBody) as { data: { paymentId: string } }).data.paymentId));

  beforeAll(async () => {
    // The API only: no projector and no dispatcher in this process.
    gw = await startTestGateway({ role: 'api', webhookSecretKey: key, rateLimitPerKey: 100_000 });
    // A receiver that takes 100 ms to answer, so that the kill finds deliveries in flight.
    receiver = await Receiver.start({ holdMs: 100 });
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await receiver.close();
    await gw.close();
  });

  it('delivers every one of 200 approvals after a restart: none lost, each as one delivery', async () => {
    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
    const charges: CreatedCharge[] = await inBatches(Array.from({ length: APPROVALS }), 20, () => createCharge(gw, merchant));
    const first = await startWorker();

    const approvals = inBatches(charges, 25, (charge) => approveCharge(gw, charge.id));
    await waitUntil(() => paymentsReceived().size >= 30, 20_000, 'the first deliveries of the burst');
    first.kill('SIGKILL');
    await exited(first);
    await approvals;

    const atKill = paymentsReceived().size;
    const [{ claimed }] = await gw.infra.dataSource.query(
      'SELECT count(*)::int AS claimed FROM webhook_deliveries WHERE lease_token IS NOT NULL',
    );
    // The kill really came mid-burst, with claims the dead process never finished.
    expect(first.signalCode).toBe('SIGKILL');
    expect(atKill).toBeLessThan(APPROVALS);
    expect(claimed).toBeGreaterThan(0);

    const second = await startWorker();
    await waitUntil(async () => {
      const [{ done }] = await gw.infra.dataSource.query(`SELECT count(*)::int AS done FROM webhook_deliveries WHERE estado = 'entregada'`);
      return done === APPROVALS;
    }, 120_000, 'every delivery after the restart');

    expect([...paymentsReceived()].sort()).toEqual(charges.map((c) => c.id).sort());
    expect(receiver.requests.every((r) => r.verification.ok)).toBe(true);
    const rows = await gw.infra.dataSource.query<Array<{ charge_id: string; id: string }>>('SELECT charge_id, id FROM webhook_deliveries');
    expect(rows).toHaveLength(APPROVALS);
    // At least once: a delivery in flight at the kill may arrive twice, but always as the same delivery and event.
    const deliveryOf = new Map(rows.map((row) => [row.charge_id, row.id]));
    for (const got of receiver.accepted) {
      const body = JSON.parse(got.rawBody) as { data: { paymentId: string } };
      expect(got.headers['svc-delivery-id']).toBe(deliveryOf.get(body.data.paymentId));
    }
    const repeats = receiver.accepted.length - APPROVALS;
    process.stdout.write(`kill test: ${atKill} delivered before the SIGKILL, ${claimed} claims cut short, ${repeats} repeated after the restart\n`);

    second.kill('SIGTERM');
    await exited(second);
    expect(second.exitCode).toBe(0);
  }, 300_000);
});
