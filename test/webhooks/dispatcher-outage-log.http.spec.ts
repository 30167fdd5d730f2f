// A database outage met by a webhook attempt under way (the POST answered, its outcome not recorded) is an expected
// condition: the dispatcher says so in one line, with no stack trace, and the delivery is sent again once the
// database answers. A PostgreSQL of this test's own is stopped under the gateway while the receiver holds the POST.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/kernel/embedded-postgres.js';
import { startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { approveCharge } from '../support/outcomes.js';
import { freePort } from '../support/ports.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, merchantWithEndpoint, untilDeliveries } from './support/webhooks.js';

describe('the dispatcher meets a database outage mid-attempt', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-dispatch-outage-'));
  const logger = capturingLogger();
  let port: number;
  let db: EmbeddedDatabase | null = null;
  let gw: TestGateway;
  let receiver: Receiver;

  const startDatabase = async (): Promise<void> => {
    db = await startEmbeddedPostgres({ dir: path.join(parent, 'pg'), port, database: 'pasarela', persistent: true });
  };

  beforeAll(async () => {
    chmodSync(parent, 0o755);
    port = await freePort();
    await startDatabase();
    gw = await startTestGatewayOn(db!.url, { webhookAllowLoopback: true }, undefined, logger);
    receiver = await Receiver.start({ held: (n) => n === 1 });
  }, 60_000);

  afterAll(async () => {
    await gw?.close().catch(() => undefined);
    await receiver?.close();
    await db?.stop().catch(() => undefined);
    rmSync(parent, { recursive: true, force: true });
  });

  test('one line without a stack trace; the delivery is sent again after the outage', async () => {
    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret ?? '';
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    await waitUntil(() => receiver.requests.length === 1, 10_000, 'the first POST');

    // The receiver holds its first answer until the database has gone away, so the dispatcher meets the outage when it
    // records the attempt however long the stop takes (a fixed hold raced the stop on a busy box).
    await db!.stop();
    db = null;
    receiver.release();
    await waitUntil(() => logger.lines.some((line) => line.includes('its attempt was not recorded')), 10_000, 'the line');
    const lines = logger.lines.filter((line) => line.startsWith('error [WebhookDispatcher]'));
    const about = lines.filter((line) => line.includes('Delivery '));
    expect(about).toEqual([expect.stringMatching(/^error \[WebhookDispatcher\] Delivery [0-9a-f-]{36}: its attempt was not recorded, the database does not answer \(.+\); it is sent again once it does$/)]);
    // No stack trace anywhere in what the dispatcher said about the outage.
    expect(logger.lines.filter((line) => /^\w+ \[WebhookDispatcher\]\s+at /.test(line))).toEqual([]);

    await startDatabase();
    await untilDeliveries(gw, merchant.merchantId, 'entregada', 1, 30_000);
    expect(receiver.accepted.length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
