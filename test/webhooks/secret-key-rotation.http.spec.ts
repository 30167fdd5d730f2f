// Rotating WEBHOOK_SECRET_KEY through real gateways on one database: sealed with key A, restarted with key B and A as
// the previous key, re-sealed through the operator API and the CLI, then restarted with B alone. Deliveries go to a
// real receiver on loopback that verifies them with the secret the merchant was given.
import { createHmac, randomBytes } from 'node:crypto';
import { AesGcmSecretBox } from '../../src/webhooks/adapters/crypto/aes-gcm.secret-box.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { pasarelaOps } from '../support/cli.js';
import { Receiver, waitUntil, type ReceivedRequest } from './support/receiver.js';
import { createCharge, merchantWithEndpoint, type WebhookMerchant } from './support/webhooks.js';

const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const UNKNOWN_KEY = randomBytes(32);

const hmac = (secret: string, t: string, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

describe('rotating WEBHOOK_SECRET_KEY', () => {
  let db: TestDatabase;
  let gw: TestGateway | undefined;
  let receiver: Receiver;
  /** Its endpoint's secret only ever sealed with A before the rotation. */
  let plain: WebhookMerchant;
  /** Rolled under A: its current and its replaced (previous) secret are both sealed with A. */
  let rolled: WebhookMerchant;
  let rolledSecret: string;
  /** Its secret sealed with a key the gateway never had. */
  let lost: WebhookMerchant;
  let lostSealed: string;

  const endpointRow = async (merchantId: string) =>
    (await gw!.infra.dataSource.query('SELECT * FROM webhook_endpoints WHERE merchant_id = $1', [merchantId]))[0];

  async function restart(overrides: { webhookSecretKey: Buffer; webhookSecretKeyPrevious: Buffer | null }): Promise<TestGateway> {
    await gw?.close();
    gw = await startTestGatewayOn(db.url, overrides);
    return gw;
  }

  /** Approves a new charge of the merchant and answers the request its delivery brings to the receiver. */
  async function nextDelivery(merchant: WebhookMerchant, secret: string): Promise<ReceivedRequest> {
    receiver.secret = secret;
    const charge = await createCharge(gw!, merchant);
    await approveCharge(gw!, charge.id);
    let found: ReceivedRequest | undefined;
    await waitUntil(() => (found = receiver.requests.find((r) => r.rawBody.includes(charge.id))) !== undefined, 10_000, `the delivery of ${charge.id}`);
    return found!;
  }

  const reseal = (token = gw!.operatorToken) => http('POST', `${gw!.adminUrl}/internal/webhook-secrets/resellado`, { token });

  const cli = (args: string[]) => pasarelaOps(gw!, args);

  beforeAll(async () => {
    [db, receiver] = await Promise.all([createTestDatabase(), Receiver.start()]);
    const a = await restart({ webhookSecretKey: KEY_A, webhookSecretKeyPrevious: null });
    [plain, rolled, lost] = await Promise.all([merchantWithEndpoint(a, receiver.url), merchantWithEndpoint(a, receiver.url), merchantWithEndpoint(a, receiver.url)]);
    const roll = await http('POST', `${a.adminUrl}/internal/merchants/${rolled.merchantId}/webhook-endpoint/secreto`, { token: a.operatorToken });
    expect(roll.status).toBe(201);
    rolledSecret = roll.body.secret;
    const row = await endpointRow(lost.merchantId);
    lostSealed = new AesGcmSecretBox(UNKNOWN_KEY).seal(lost.secret!, row.id);
    await a.infra.dataSource.query('UPDATE webhook_endpoints SET secret_sealed = $2 WHERE id = $1', [row.id, lostSealed]);
  });
  afterAll(async () => {
    await receiver?.close();
    await gw?.close();
    await db?.drop();
  });

  it('signs with the right secret after a restart with a new key and the old one as WEBHOOK_SECRET_KEY_PREVIOUS', async () => {
    await restart({ webhookSecretKey: KEY_B, webhookSecretKeyPrevious: KEY_A });

    const delivery = await nextDelivery(plain, plain.secret!);
    expect(delivery.verification).toEqual({ ok: true });
  });

  it('re-seals every secret that opens with the new key through the operator API, and names the ones that do not', async () => {
    const answer = await reseal();

    expect(answer.status).toBe(200);
    const lostRow = await endpointRow(lost.merchantId);
    // plain's secret, rolled's current and replaced ones.
    expect(answer.body).toEqual({ resellados: 3, ilegibles: [{ endpointId: lostRow.id, merchantId: lost.merchantId, secreto: 'actual' }] });
    expect(lostRow.secret_sealed).toBe(lostSealed);
    const onlyB = new AesGcmSecretBox(KEY_B);
    const plainRow = await endpointRow(plain.merchantId);
    expect(onlyB.open(plainRow.secret_sealed, plainRow.id)).toBe(plain.secret);
    const rolledRow = await endpointRow(rolled.merchantId);
    expect(onlyB.open(rolledRow.secret_sealed, rolledRow.id)).toBe(rolledSecret);
    expect(onlyB.open(rolledRow.previous_secret_sealed, rolledRow.id)).toBe(rolled.secret);
    expect(rolledRow.previous_secret_valid_until).not.toBeNull();
  });

  it('signs with the right secrets once restarted with the new key alone', async () => {
    await restart({ webhookSecretKey: KEY_B, webhookSecretKeyPrevious: null });

    expect((await nextDelivery(plain, plain.secret!)).verification).toEqual({ ok: true });
    // Still within the roll's 24 h: the new secret, then the replaced one.
    const both = await nextDelivery(rolled, rolledSecret);
    expect(both.verification).toEqual({ ok: true });
    const header = String(both.headers['svc-signature']);
    const t = /t=(\d+)/.exec(header)![1]!;
    expect(header).toBe(`t=${t},v1=${hmac(rolledSecret, t, both.rawBody)},v1=${hmac(rolled.secret!, t, both.rawBody)}`);
  });

  it('re-seals with the CLI: `webhooks reseal --json` prints the API answer, the text names the unreadable ones', async () => {
    const lostRow = await endpointRow(lost.merchantId);
    const json = await cli(['webhooks', 'reseal', '--json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toEqual({ resellados: 3, ilegibles: [{ endpointId: lostRow.id, merchantId: lost.merchantId, secreto: 'actual' }] });

    const text = await cli(['webhooks', 'reseal']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('3 webhook signing secrets sealed again');
    expect(text.stdout).toMatch(new RegExp(`${lostRow.id}\\s+${lost.merchantId}\\s+actual`));
    expect((await endpointRow(lost.merchantId)).secret_sealed).toBe(lostSealed);
  });

  it('refuses a body (it re-seals every secret, never one merchant\'s): 400 naming the field, nothing sealed again', async () => {
    const before = await endpointRow(plain.merchantId);
    const answer = await http('POST', `${gw!.adminUrl}/internal/webhook-secrets/resellado`, {
      token: gw!.operatorToken,
      body: { merchantId: plain.merchantId },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors).toEqual({ merchantId: ['merchantId is not a field of this request'] });
    expect((await endpointRow(plain.merchantId)).secret_sealed).toBe(before.secret_sealed);
  });

  it('refuses a merchant key (401) and changes nothing', async () => {
    const before = await endpointRow(plain.merchantId);
    const answer = await reseal(plain.apiKey);

    expect(answer.status).toBe(401);
    expect((await endpointRow(plain.merchantId)).secret_sealed).toBe(before.secret_sealed);
  });
});
