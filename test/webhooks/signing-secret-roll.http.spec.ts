// Rolling a webhook endpoint's signing secret (DESIGN.md 5.15) through a real gateway: the operator API, the CLI as
// an operator runs it, and the merchant API; deliveries to a real receiver on loopback carry two v1= for 24 h (the
// gateway's clock is moved past them), checked with the verifier printed in docs/webhooks.md.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { AesGcmSecretBox } from '../../src/webhooks/adapters/crypto/aes-gcm.secret-box.js';
import { MovableClock } from '../checkout/paying.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { issueKey } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { pasarelaOps } from '../support/cli.js';
import { acceptInvitation, operatorInvites } from '../portal/portal-client.js';
import { docsVerifier, type Verify } from './support/docs-verifier.js';
import { Receiver, waitUntil, type ReceivedRequest } from './support/receiver.js';
import { createCharge, merchantWithEndpoint, type WebhookMerchant } from './support/webhooks.js';

const KEY = randomBytes(32);
const HOUR_MS = 3_600_000;

const hmac = (secret: string, t: string, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The header's parts, in order: `t` and every `v1`. */
function signatureOf(request: ReceivedRequest): { t: string; v1: string[] } {
  const parts = String(request.headers['svc-signature']).split(',').map((part) => part.split('=', 2) as [string, string]);
  return { t: parts.find(([key]) => key === 't')![1], v1: parts.filter(([key]) => key === 'v1').map(([, value]) => value) };
}

describe('rolling the webhook signing secret', () => {
  let gw: TestGateway;
  let verify: Verify;
  const clock = new MovableClock();
  const receivers: Receiver[] = [];

  /** A merchant with its endpoint on a fresh receiver that verifies with the registered secret on the gateway's clock. */
  async function merchantWithReceiver(): Promise<{ merchant: WebhookMerchant; receiver: Receiver }> {
    const receiver = await Receiver.start({ now: () => clock.now().getTime() });
    receivers.push(receiver);
    const merchant = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = merchant.secret!;
    return { merchant, receiver };
  }

  /** Approves a new charge of the merchant and answers the first request its delivery brings to the receiver. */
  async function nextDelivery(merchant: WebhookMerchant, receiver: Receiver): Promise<ReceivedRequest> {
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id, { at: clock.now() });
    let found: ReceivedRequest | undefined;
    await waitUntil(() => (found = receiver.requests.find((r) => r.rawBody.includes(charge.id))) !== undefined, 10_000, `the delivery of ${charge.id}`);
    return found!;
  }

  const operatorRoll = (merchantId: string, body?: object) =>
    http('POST', `${gw.adminUrl}/internal/merchants/${merchantId}/webhook-endpoint/secreto`, { token: gw.operatorToken, ...(body ? { body } : {}) });

  const endpointRow = async (merchantId: string) =>
    (await gw.infra.dataSource.query('SELECT * FROM webhook_endpoints WHERE merchant_id = $1', [merchantId]))[0];

  const cli = (args: string[]) => pasarelaOps(gw, args);

  beforeAll(async () => {
    [gw, verify] = await Promise.all([startTestGateway({ webhookSecretKey: KEY }, clock), docsVerifier()]);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await gw?.close();
  });

  it('answers 201 with the new secret and when the old one stops signing; the secret is sealed at rest and never shown again', async () => {
    const { merchant } = await merchantWithReceiver();
    const rolledAt = clock.now().getTime();
    const answer = await operatorRoll(merchant.merchantId);

    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['anteriorValidoHasta', 'secret']);
    expect(answer.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(answer.body.secret).not.toBe(merchant.secret);
    const until = Date.parse(answer.body.anteriorValidoHasta);
    expect(until - rolledAt).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(until - rolledAt).toBeLessThan(24 * HOUR_MS + 5_000);

    const row = await endpointRow(merchant.merchantId);
    expect(JSON.stringify(row)).not.toContain(answer.body.secret);
    expect(JSON.stringify(row)).not.toContain(merchant.secret);
    const box = new AesGcmSecretBox(KEY);
    expect(box.open(row.secret_sealed, row.id)).toBe(answer.body.secret);
    expect(box.open(row.previous_secret_sealed, row.id)).toBe(merchant.secret);
    expect(row.previous_secret_valid_until.toISOString()).toBe(answer.body.anteriorValidoHasta);

    const read = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ actualizadoPor: { type: 'operator', id: 'operator-token' }, secretoAnteriorValidoHasta: answer.body.anteriorValidoHasta });
    expect(read.text).not.toContain(answer.body.secret);
    expect(read.text).not.toContain(merchant.secret);
    const changes = await gw.infra.dataSource.query(
      'SELECT secret_rolled, actor, url_before = url_after AS same_url FROM webhook_endpoint_changes WHERE merchant_id = $1 ORDER BY id',
      [merchant.merchantId],
    );
    expect(changes).toEqual([
      { secret_rolled: false, actor: { type: 'merchant-key', id: merchant.keyId }, same_url: null },
      { secret_rolled: true, actor: { type: 'operator', id: 'operator-token' }, same_url: true },
    ]);
  });

  it('signs a delivery right after the roll with the new secret, then the old one; either verifies; after 24 h only the new one', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const old = merchant.secret!;
    const rolled = await operatorRoll(merchant.merchantId);
    const secret = rolled.body.secret as string;

    // The merchant's server still holds the old secret while it deploys the new one: accepted.
    const during = await nextDelivery(merchant, receiver);
    expect(during.verification).toEqual({ ok: true });
    const { t, v1 } = signatureOf(during);
    expect(String(during.headers['svc-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(v1).toEqual([hmac(secret, t, during.rawBody), hmac(old, t, during.rawBody)]);
    const at = clock.now().getTime();
    const header = String(during.headers['svc-signature']);
    expect(verify(during.rawBody, header, secret, at)).toBe(true);
    expect(verify(during.rawBody, header, old, at)).toBe(true);
    expect(verify(during.rawBody, header, 'whsec_neither', at)).toBe(false);

    // One second before the grace ends, still both.
    clock.advance(24 * HOUR_MS - 10_000);
    receiver.secret = secret;
    expect(signatureOf(await nextDelivery(merchant, receiver)).v1).toHaveLength(2);

    clock.advance(11_000);
    const after = await nextDelivery(merchant, receiver);
    expect(after.verification).toEqual({ ok: true });
    const late = signatureOf(after);
    expect(late.v1).toEqual([hmac(secret, late.t, after.rawBody)]);
    const now = clock.now().getTime();
    expect(verify(after.rawBody, String(after.headers['svc-signature']), secret, now)).toBe(true);
    expect(verify(after.rawBody, String(after.headers['svc-signature']), old, now)).toBe(false);
  });

  it('keeps only the secret replaced last when rolled again within the grace: the oldest stops signing at once', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const first = merchant.secret!;
    const second = (await operatorRoll(merchant.merchantId)).body.secret as string;
    clock.advance(HOUR_MS);
    // Within the overlap the operator is told what a roll would stop, and nothing is rolled, until it says it knows.
    const refused = await operatorRoll(merchant.merchantId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('previous_secret_still_signing');
    const until = /still signs until (\S+);/.exec(refused.body.message)?.[1] ?? '';
    expect(Math.abs(Date.parse(until) - (clock.now().getTime() + 23 * HOUR_MS))).toBeLessThan(5_000);
    expect((await operatorRoll(merchant.merchantId, { forzar: 'si' })).status).toBe(400);
    receiver.secret = second;
    expect(signatureOf(await nextDelivery(merchant, receiver)).v1).toHaveLength(2);
    const again = await operatorRoll(merchant.merchantId, { forzar: true });
    expect(again.status).toBe(201);
    const third = again.body.secret as string;
    expect(Date.parse(again.body.anteriorValidoHasta) - clock.now().getTime()).toBeGreaterThan(24 * HOUR_MS - 5_000);

    receiver.secret = third;
    const delivery = await nextDelivery(merchant, receiver);
    const { t, v1 } = signatureOf(delivery);
    expect(v1).toEqual([hmac(third, t, delivery.rawBody), hmac(second, t, delivery.rawBody)]);
    expect(verify(delivery.rawBody, String(delivery.headers['svc-signature']), first, clock.now().getTime())).toBe(false);
  });

  it('rolls with the CLI as an operator runs it, --json and plain; the printed secret signs the next delivery', async () => {
    const { merchant, receiver } = await merchantWithReceiver();
    const run = await cli(['--json', 'webhooks', 'roll-secret', merchant.merchantId]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json).sort()).toEqual(['anteriorValidoHasta', 'secret']);

    // A second roll within the overlap is refused, saying what it would stop, until --forzar.
    const refused = await cli(['webhooks', 'roll-secret', merchant.merchantId]);
    expect(refused.code).toBe(1);
    // In the CLI's words: its option, not the API's body (which the operator never writes).
    expect(refused.stderr).toMatch(/still signs until .*--forzar/);
    expect(refused.stderr).not.toContain('{"forzar": true}');
    const refusedJson = await cli(['--json', 'webhooks', 'roll-secret', merchant.merchantId]);
    expect(JSON.parse(refusedJson.stdout)).toMatchObject({ statusCode: 409, code: 'previous_secret_still_signing' });
    const plain = await cli(['webhooks', 'roll-secret', '--forzar', merchant.merchantId]);
    expect(plain.code).toBe(0);
    const printed = /^\s+(whsec_[A-Za-z0-9_-]{43})$/m.exec(plain.stdout)?.[1];
    expect(printed).toBeDefined();
    expect(plain.stdout).toContain('also signed with the old secret');

    receiver.secret = printed!;
    const delivery = await nextDelivery(merchant, receiver);
    const { t, v1 } = signatureOf(delivery);
    // The second roll replaced the first's secret, which now signs second.
    expect(v1).toEqual([hmac(printed!, t, delivery.rawBody), hmac(json.secret, t, delivery.rawBody)]);

    const missing = await cli(['webhooks', 'roll-secret', randomUUID()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found \(HTTP 404, not_found\)/);
    expect((await cli(['webhooks', 'roll-secret'])).code).toBe(2);
  });

  it('answers 404 for a merchant without an endpoint, an unknown merchant and a malformed id; 401 for a merchant key', async () => {
    const bare = await merchantWithEndpoint(gw, null);
    for (const id of [bare.merchantId, randomUUID(), 'not-a-uuid', `${randomUUID()}x`]) {
      const answer = await operatorRoll(id);
      expect([id, answer.status, answer.body.code]).toEqual([id, 404, 'not_found']);
    }
    const { merchant } = await merchantWithReceiver();
    const withKey = await http('POST', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/webhook-endpoint/secreto`, { token: merchant.apiKey });
    expect(withKey.status).toBe(401);
    expect((await endpointRow(merchant.merchantId)).previous_secret_sealed).toBeNull();
  });

  it('rolls through the merchant API: only the calling merchant\'s endpoint, recorded with its key', async () => {
    const { merchant } = await merchantWithReceiver();
    const { merchant: other } = await merchantWithReceiver();
    const otherBefore = await endpointRow(other.merchantId);

    const answer = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint/secreto`, { token: merchant.apiKey });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['anteriorValidoHasta', 'secret']);
    const row = await endpointRow(merchant.merchantId);
    expect(new AesGcmSecretBox(KEY).open(row.secret_sealed, row.id)).toBe(answer.body.secret);
    expect(row.updated_by).toEqual({ type: 'merchant-key', id: merchant.keyId });
    expect(await endpointRow(other.merchantId)).toEqual(otherBefore);

    const read = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey });
    expect(read.body.secretoAnteriorValidoHasta).toBe(answer.body.anteriorValidoHasta);
    expect(read.text).not.toContain(answer.body.secret);

    const bare = await merchantWithEndpoint(gw, null);
    const none = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint/secreto`, { token: bare.apiKey });
    expect([none.status, none.body.code]).toEqual([404, 'not_found']);
  });

  it('refuses a lectura key with 403 forbidden_role, with nothing written', async () => {
    const { merchant } = await merchantWithReceiver();
    const reader = await issueKey(gw, merchant.merchantId, 'lectura');
    const before = await endpointRow(merchant.merchantId);
    const changes = async () => (await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoint_changes WHERE merchant_id = $1', [merchant.merchantId]))[0].n;
    const changesBefore = await changes();

    const answer = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint/secreto`, { token: reader.key });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ statusCode: 403, code: 'forbidden_role' });
    expect(answer.text).not.toContain('whsec_');
    expect(await endpointRow(merchant.merchantId)).toEqual(before);
    expect(await changes()).toBe(changesBefore);
  });

  it('shows no replaced secret on GET once its grace is over', async () => {
    const { merchant } = await merchantWithReceiver();
    await operatorRoll(merchant.merchantId);
    clock.advance(24 * HOUR_MS + 1_000);
    const read = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey });
    expect(read.body.secretoAnteriorValidoHasta).toBeNull();
  });

  it("tells the shop's portal that the secret changed and until when both sign, never that the reader changed it (here the operator did)", async () => {
    const { merchant } = await merchantWithReceiver();
    expect((await operatorRoll(merchant.merchantId)).status).toBe(201);
    const admin = await acceptInvitation(gw, await operatorInvites(gw, merchant.merchantId, `admin-${merchant.merchantId.slice(0, 8)}@tienda.co`));
    const page = await admin.get('/portal/configuracion/webhook');
    expect(page.status).toBe(200);
    expect(page.text).toContain('El secreto se cambió hace poco: hasta el');
    expect(page.text).not.toContain('Cambiaste el secreto');
  });
});
