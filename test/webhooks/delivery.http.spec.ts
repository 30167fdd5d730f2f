// Webhooks that arrive: the whole path through a real gateway on loopback (projector, outbox, dispatcher) to a real
// receiver that verifies every delivery as docs/webhooks.md tells merchants to (spec, Events; DESIGN.md 5.15-5.16).
import { createHmac, randomBytes } from 'node:crypto';
import { rebuildCharges } from '../../src/payments/adapters/projections/rebuild.js';
import pg from 'pg';
import { createTestDatabase } from '../support/database.js';
import { http, startTestGateway, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { approveCharge, failCharge } from '../support/outcomes.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, deliveries, merchantWithEndpoint, untilDeliveries, type DeliveryJson, type WebhookMerchant } from './support/webhooks.js';

describe('webhook deliveries', () => {
  let gw: TestGateway;
  const receivers: Receiver[] = [];
  const receiver = async (options: Parameters<typeof Receiver.start>[0] = {}): Promise<Receiver> => {
    const started = await Receiver.start(options);
    receivers.push(started);
    return started;
  };
  /** A merchant whose endpoint is `target`, and the receiver told its secret. */
  const merchantOf = async (target: Receiver): Promise<WebhookMerchant> => {
    const merchant = await merchantWithEndpoint(gw, target.url);
    target.secret = merchant.secret!;
    return merchant;
  };
  const resend = (id: string) => http('POST', `${gw.adminUrl}/internal/entregas/${id}/reenvio`, { token: gw.operatorToken });
  const putEndpoint = (merchant: WebhookMerchant, body: unknown) =>
    http('PUT', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body });

  beforeAll(async () => {
    gw = await startTestGateway({ webhookSecretKey: randomBytes(32) });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await gw.close();
  });

  it('delivers payment.completed for an approval: POST, signed, the spec\'s headers and body', async () => {
    const target = await receiver();
    const merchant = await merchantOf(target);
    const charge = await createCharge(gw, merchant, 150_000);
    const before = Math.floor(Date.now() / 1000);

    await approveCharge(gw, charge.id);
    await waitUntil(() => target.accepted.length === 1, 10_000, 'payment.completed');

    const [got] = target.accepted;
    expect(got!.method).toBe('POST');
    expect(got!.path).toBe('/webhooks');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['svc-event']).toBe('payment.completed');
    expect(got!.headers['svc-delivery-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(got!.headers['svc-signature']).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    const body = JSON.parse(got!.rawBody);
    expect(Object.keys(body)).toEqual(['id', 'created', 'type', 'data']);
    expect(body).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{32}$/),
      created: expect.any(Number),
      type: 'payment.completed',
      data: { paymentId: charge.id, reference: charge.referencia, monto: 150_000, currency: 'COP', estado: 'aprobado' },
    });
    expect(Math.abs(body.created - before)).toBeLessThanOrEqual(5);
    const [delivery] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    expect(delivery).toMatchObject({ id: got!.headers['svc-delivery-id'], eventoId: body.id, tipo: 'payment.completed', pagoId: charge.id, estado: 'entregada' });
    expect(delivery!.intentos).toEqual([
      { numero: 1, enviadoEn: expect.any(String), url: target.url, codigoEstado: 200, latenciaMs: expect.any(Number), error: null },
    ]);
  });

  it('delivers payment.failed, estado fallido, for a failed payment', async () => {
    const target = await receiver();
    const merchant = await merchantOf(target);
    const charge = await createCharge(gw, merchant, 89_900);

    await failCharge(gw, charge.id);
    await waitUntil(() => target.accepted.length === 1, 10_000, 'payment.failed');

    const [got] = target.accepted;
    expect(got!.headers['svc-event']).toBe('payment.failed');
    expect(JSON.parse(got!.rawBody)).toMatchObject({
      type: 'payment.failed',
      data: { paymentId: charge.id, reference: charge.referencia, monto: 89_900, currency: 'COP', estado: 'fallido' },
    });
  });

  it('retries a receiver that answers 500 twice: three attempts at about 0, 1 and 6 s, one delivery id, the same bytes', async () => {
    const target = await receiver({ answer: (n) => (n <= 2 ? 500 : 200), responseBody: 'Traceback: INTERNAL-DETAIL-OF-THE-MERCHANT' });
    const merchant = await merchantOf(target);
    const charge = await createCharge(gw, merchant);

    await approveCharge(gw, charge.id);
    const approvedAt = Date.now();
    await waitUntil(() => target.accepted.length === 3, 15_000, 'three attempts');

    const attempts = target.accepted;
    const at = attempts.map((a) => (a.at - approvedAt) / 1000);
    // A busy box only lengthens each gap: the lower bounds are the delays, the upper ones stop short of the schedule's
    // next delay (5 s, then 25 s), which a wrong step would show, rather than a tight guess of the box's speed.
    expect(at[0]).toBeLessThan(4.5); // at once
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(0.95); // then 1 s later
    expect(at[1]! - at[0]!).toBeLessThan(4.5);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(4.95); // then 5 s after that: about 6 s in all
    expect(at[2]! - at[1]!).toBeLessThan(20);
    expect(attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(new Set(attempts.map((a) => a.headers['svc-delivery-id'])).size).toBe(1);
    expect(new Set(attempts.map((a) => a.rawBody)).size).toBe(1);

    await untilDeliveries(gw, merchant.merchantId, 'entregada');
    const listing = await http('GET', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/entregas`, { token: gw.operatorToken });
    const [delivery] = listing.body.data;
    expect(delivery.estado).toBe('entregada');
    expect(delivery.intentos.map((a: { codigoEstado: number; error: string | null }) => [a.codigoEstado, a.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [200, null],
    ]);
    // The receiver's answer is the merchant's business: never kept, never shown.
    expect(listing.text).not.toContain('INTERNAL-DETAIL');
    const stored = await gw.infra.dataSource.query('SELECT * FROM webhook_attempts');
    expect(JSON.stringify(stored)).not.toContain('INTERNAL-DETAIL');
  }, 30_000);

  it('counts only a 2xx as delivered: a 300 (the first status past 2xx) is a failed attempt, retried until a 200', async () => {
    const target = await receiver({ answer: (n) => (n === 1 ? 300 : 200) });
    const merchant = await merchantOf(target);
    const charge = await createCharge(gw, merchant);

    await approveCharge(gw, charge.id);
    const [delivery] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    expect(target.accepted.map((a) => a.status)).toEqual([300, 200]);
    expect(delivery!.intentos.map((a) => [a.numero, a.codigoEstado, a.error])).toEqual([
      [1, 300, 'HTTP 300: redirects are not followed'],
      [2, 200, null],
    ]);
  }, 30_000);

  it('shows that verification really checks: a tampered body, a stale timestamp or a wrong secret are refused', async () => {
    const target = await receiver();
    const merchant = await merchantOf(target);
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => target.accepted.length === 1, 10_000, 'a genuine delivery');
    const genuine = target.accepted[0]!;
    const headers = { 'content-type': 'application/json', 'svc-signature': String(genuine.headers['svc-signature']) };
    const replay = (body: string, extra: Record<string, string> = {}) =>
      fetch(target.url, { method: 'POST', headers: { ...headers, ...extra }, body });

    expect((await replay(genuine.rawBody)).status).toBe(200);
    expect((await replay(genuine.rawBody.replace('"monto":150000', '"monto":1'))).status).toBe(400);
    expect((await replay(JSON.stringify(JSON.parse(genuine.rawBody), null, 2))).status).toBe(400); // re-serialised
    const signedAt = (t: number) => `t=${t},v1=${createHmac('sha256', merchant.secret!).update(`${t}.${genuine.rawBody}`).digest('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    expect((await replay(genuine.rawBody, { 'svc-signature': signedAt(now - 301) })).status).toBe(400);
    expect((await replay(genuine.rawBody, { 'svc-signature': signedAt(now - 290) })).status).toBe(200);
    expect(target.requests.filter((r) => !r.verification.ok).map((r) => r.verification)).toEqual([
      { ok: false, reason: 'bad signature' },
      { ok: false, reason: 'bad signature' },
      { ok: false, reason: 'too old' },
    ]);

    // A receiver holding the wrong secret refuses the gateway's delivery (400), which the gateway retries.
    target.secret = 'whsec_not-the-one-we-were-given';
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    await waitUntil(() => target.requests.some((r) => r.verification.ok === false && r.rawBody.includes(charge.id)), 10_000, 'a refused delivery');
    target.secret = merchant.secret!;
    await waitUntil(() => target.accepted.some((r) => r.rawBody.includes(charge.id)), 10_000, 'the retry');
    const delivery = (await untilDeliveries(gw, merchant.merchantId, 'entregada', 2)).find((d) => d.pagoId === charge.id)!;
    expect(delivery.intentos.map((a) => a.codigoEstado)).toEqual([400, 200]);
  }, 30_000);

  it('keeps a delivery sin_endpoint while the endpoint is inactive, and sends it when re-sent, with the same id', async () => {
    const target = await receiver();
    const merchant = await merchantOf(target);
    expect((await putEndpoint(merchant, { activo: false })).status).toBe(200);
    const charge = await createCharge(gw, merchant);

    await approveCharge(gw, charge.id);
    const [kept] = await untilDeliveries(gw, merchant.merchantId, 'sin_endpoint');
    expect(kept).toMatchObject({ estado: 'sin_endpoint', intentos: [] });
    expect(target.requests).toHaveLength(0);

    await putEndpoint(merchant, { activo: true });
    const again = await resend(kept!.id);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ id: kept!.id, estado: 'pendiente', reenviadaPor: { type: 'operator' } });
    await waitUntil(() => target.accepted.length === 1, 10_000, 'the re-sent delivery');
    expect(target.accepted[0]!.headers['svc-delivery-id']).toBe(kept!.id);
  });

  it('records sin_endpoint for a merchant with no endpoint at all', async () => {
    const merchant = await merchantWithEndpoint(gw, null);
    const charge = await createCharge(gw, merchant);
    await approveCharge(gw, charge.id);
    const [kept] = await untilDeliveries(gw, merchant.merchantId, 'sin_endpoint');
    expect(kept).toMatchObject({ pagoId: charge.id, intentos: [] });
  });

  it('sends the next attempt to the URL the merchant changed to in between', async () => {
    const failing = await receiver({ answer: () => 503 });
    const fixed = await receiver();
    const merchant = await merchantOf(failing);
    fixed.secret = merchant.secret!;
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => failing.accepted.length === 1, 10_000, 'the first attempt');

    await putEndpoint(merchant, { url: fixed.url });
    await waitUntil(() => fixed.accepted.length === 1, 10_000, 'the retry at the new URL');
    expect(fixed.accepted[0]!.headers['svc-delivery-id']).toBe(failing.accepted[0]!.headers['svc-delivery-id']);
    expect(fixed.accepted[0]!.rawBody).toBe(failing.accepted[0]!.rawBody);
  });

  it('re-sends a delivered one on request: a new attempt, same delivery id and bytes, freshly signed', async () => {
    const target = await receiver();
    const merchant = await merchantOf(target);
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    const [delivery] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second, so a new signature timestamp

    expect((await resend(delivery!.id)).status).toBe(202);
    await waitUntil(() => target.accepted.length === 2, 10_000, 'the re-sent delivery');
    const [first, second] = target.accepted;
    expect(second!.headers['svc-delivery-id']).toBe(first!.headers['svc-delivery-id']);
    expect(second!.rawBody).toBe(first!.rawBody);
    expect(second!.headers['svc-signature']).not.toBe(first!.headers['svc-signature']);
    const [after] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    expect(after).toMatchObject({ estado: 'entregada', reenviadaEn: expect.any(String) });
    expect(after!.intentos.map((a) => a.numero)).toEqual([1, 2]);
  });

  it('refuses a re-send that carries a body (a url to send it elsewhere): 400 naming the field, nothing sent', async () => {
    const target = await receiver();
    const elsewhere = await receiver();
    const merchant = await merchantOf(target);
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    const [delivery] = await untilDeliveries(gw, merchant.merchantId, 'entregada');

    const refused = await http('POST', `${gw.adminUrl}/internal/entregas/${delivery!.id}/reenvio`, {
      token: gw.operatorToken,
      body: { url: elsewhere.url },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message.fieldErrors).toEqual({ url: ['url is not a field of this request'] });
    expect(refused.body.message.formErrors[0]).toMatch(/no body/);
    const [after] = await deliveries(gw, merchant.merchantId, 'entregada');
    expect(after).toMatchObject({ id: delivery!.id, reenviadaEn: null });
    expect(after!.intentos).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('answers the operator routes\' refusals: 409 while pending, 404 for unknown ids, 400 for a bad filter', async () => {
    const target = await receiver({ answer: () => 500 });
    const merchant = await merchantOf(target);
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => target.accepted.length === 1, 10_000, 'the first attempt');
    const [pending] = await deliveries(gw, merchant.merchantId, 'pendiente');
    expect((await resend(pending!.id)).body).toMatchObject({ statusCode: 409, code: 'delivery_pending' });
    expect((await resend('7f1d9a52-3c1e-4c55-9a43-2b7f1e0c9d11')).status).toBe(404);
    expect((await resend('not-a-uuid')).status).toBe(404);
    const list = (path: string) => http('GET', `${gw.adminUrl}/internal/${path}`, { token: gw.operatorToken });
    expect((await list('merchants/7f1d9a52-3c1e-4c55-9a43-2b7f1e0c9d11/entregas')).status).toBe(404);
    expect((await list(`merchants/${merchant.merchantId}/entregas?estado=perdida`)).status).toBe(400);
    expect((await list(`merchants/${merchant.merchantId}/entregas?limit=0`)).status).toBe(400);
    expect((await http('GET', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/entregas`)).status).toBe(401);
  });

  it('shows proximoIntentoEn null while an attempt is in flight, then the planned retry', async () => {
    const target = await receiver({ answer: () => 500, held: (n) => n === 1 });
    const merchant = await merchantOf(target);
    await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => target.accepted.length === 1, 10_000, 'the first attempt to arrive');
    // The receiver holds its first answer until released below: the attempt is under way for as long as the test reads
    // (the claim's lease, ~15 s ahead, is no planned attempt).
    const [inFlight] = await deliveries(gw, merchant.merchantId);
    expect(inFlight).toMatchObject({ estado: 'pendiente', intentos: [], proximoIntentoEn: null });
    // Held 1 s more, so a retry planned from when the attempt began rather than from its answer shows (below).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    target.release();
    // Once it failed, the retry after 1 s is what it shows.
    let failed: DeliveryJson | undefined;
    await waitUntil(async () => {
      [failed] = await deliveries(gw, merchant.merchantId);
      return failed!.intentos.length === 1 && failed!.proximoIntentoEn !== null;
    }, 10_000, 'the first attempt recorded, its retry planned');
    const [attempt] = failed!.intentos;
    const answeredAt = Date.parse(attempt!.enviadoEn) + attempt!.latenciaMs;
    const planned = Date.parse(String(failed!.proximoIntentoEn)) - answeredAt;
    // 1 s after the answer, counted from when the attempt is recorded (a database round trip later, which a busy box
    // lengthens: hence a generous upper bound, still well short of the schedule's next delay, 5 s).
    expect(planned).toBeGreaterThanOrEqual(1_000 - 20);
    expect(planned).toBeLessThan(3_000);
  });

  it('makes no delivery and sends nothing again when the charges read model is rebuilt from position 0', async () => {
    const target = await receiver();
    const merchant = await merchantOf(target);
    for (let i = 0; i < 3; i++) await approveCharge(gw, (await createCharge(gw, merchant)).id);
    await waitUntil(() => target.accepted.length === 3, 10_000, 'three deliveries');
    await untilDeliveries(gw, merchant.merchantId, 'entregada', 3);
    // Deliveries are counted everywhere (a rebuild would make them for every merchant); attempts only for this one,
    // as earlier tests leave deliveries that are still being retried.
    const count = async () =>
      (
        await gw.infra.dataSource.query(
          `SELECT (SELECT count(*) FROM webhook_deliveries)::int AS d,
                  (SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.merchant_id = $1)::int AS a`,
          [merchant.merchantId],
        )
      )[0];
    const before = await count();

    const rebuilt = await rebuildCharges(gw.infra.dataSource, gw.infra.eventStore);
    expect(rebuilt.events).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // time for a wrongly made delivery to go out

    expect(await count()).toEqual(before);
    expect(target.requests).toHaveLength(3);
  });
});

describe('a receiver down for longer than the retries, or too slow to answer (short delays and time-out)', () => {
  let gw: TestGateway;
  let target: Receiver;
  beforeAll(async () => {
    gw = await startTestGateway({ webhookRetryDelays: [0.2, 0.4, 0.8], webhookTimeoutMs: 500 });
    target = await Receiver.start();
  });
  afterAll(async () => {
    await target.close();
    await gw.close();
  });

  it('gives the delivery up as fallida after every retry, shows its attempts, and a re-send delivers it with the same id', async () => {
    const merchant = await merchantWithEndpoint(gw, target.url);
    target.secret = merchant.secret!;
    await target.down();
    const charge = await createCharge(gw, merchant);

    await approveCharge(gw, charge.id);
    const [failed] = await untilDeliveries(gw, merchant.merchantId, 'fallida', 1, 15_000);
    expect(failed!.intentos).toHaveLength(4);
    for (const attempt of failed!.intentos) {
      expect(attempt).toMatchObject({ url: target.url, codigoEstado: null, error: 'connection refused', latenciaMs: expect.any(Number) });
    }
    const sent = failed!.intentos.map((a) => Date.parse(a.enviadoEn));
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(190);
    expect(sent[2]! - sent[1]!).toBeGreaterThanOrEqual(390);
    expect(sent[3]! - sent[2]!).toBeGreaterThanOrEqual(790);
    expect(await deliveries(gw, merchant.merchantId, 'pendiente')).toEqual([]);

    await target.up();
    const answer = await http('POST', `${gw.adminUrl}/internal/entregas/${failed!.id}/reenvio`, { token: gw.operatorToken });
    expect(answer.status).toBe(202);
    await waitUntil(() => target.accepted.length === 1, 10_000, 'the re-sent delivery');
    expect(target.accepted[0]!.headers['svc-delivery-id']).toBe(failed!.id);
    expect(JSON.parse(target.accepted[0]!.rawBody).data.paymentId).toBe(charge.id);
    const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
    expect(delivered).toMatchObject({ id: failed!.id, estado: 'entregada' });
    expect(delivered!.intentos.map((a) => a.codigoEstado)).toEqual([null, null, null, null, 200]);
  });

  it('retries an attempt that got no answer within the time-out, with the same delivery id and bytes, until a 2xx', async () => {
    // The first request is answered long after the gateway's 500 ms; the next at once.
    const slow = await Receiver.start({ holdMs: (n) => (n === 1 ? 5_000 : 0) });
    try {
      const merchant = await merchantWithEndpoint(gw, slow.url);
      slow.secret = merchant.secret!;
      await approveCharge(gw, (await createCharge(gw, merchant)).id);

      const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada', 1, 15_000);
      expect(delivered!.intentos.map(({ numero, codigoEstado, error }) => ({ numero, codigoEstado, error }))).toEqual([
        { numero: 1, codigoEstado: null, error: 'no answer within 0.5 s' },
        { numero: 2, codigoEstado: 200, error: null },
      ]);
      const [first, second] = delivered!.intentos.map((a) => Date.parse(a.enviadoEn));
      expect(second! - first!).toBeGreaterThanOrEqual(500 + 190); // the time-out, then the first delay
      expect(slow.requests).toHaveLength(2);
      expect(slow.requests.map((r) => r.headers['svc-delivery-id'])).toEqual([delivered!.id, delivered!.id]);
      expect(slow.requests[1]!.rawBody).toBe(slow.requests[0]!.rawBody);
      expect(slow.accepted).toHaveLength(2);
    } finally {
      await slow.close();
    }
  });
});

describe('a gateway stopped mid-delivery (SIGTERM, a deploy) and started again', () => {
  it('gives the claim back at once, and after the restart sends it again under the same delivery id: nothing lost, the cut attempt not a failure', async () => {
    const db = await createTestDatabase();
    // The first request is held far beyond the stop; after the restart the receiver answers at once.
    const target = await Receiver.start({ holdMs: (n) => (n === 1 ? 60_000 : 0) });
    const config = { webhookSecretKey: randomBytes(32) }; // the same key after the restart, as in production
    let gw: TestGateway | undefined = await startTestGatewayOn(db.url, config);
    try {
      const merchant = await merchantWithEndpoint(gw, target.url);
      target.secret = merchant.secret!;
      await approveCharge(gw, (await createCharge(gw, merchant)).id);
      await waitUntil(() => target.requests.length === 1, 10_000, 'the first attempt to reach the receiver');

      await gw.close(); // what SIGTERM runs: the dispatcher stops, cutting its POST short
      gw = undefined;
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client
        .query(`SELECT estado, attempts, lease_token, next_attempt_at <= now() AS due FROM webhook_deliveries WHERE merchant_id = $1`, [merchant.merchantId])
        .finally(() => client.end());
      // Given back, due now: not left to a lease that runs out 15 s later, and not counted as an attempt.
      expect(rows).toEqual([{ estado: 'pendiente', attempts: 0, lease_token: null, due: true }]);

      gw = await startTestGatewayOn(db.url, config);
      const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
      expect(delivered!.intentos.map((a) => a.codigoEstado)).toEqual([200]);
      expect(target.requests.map((r) => r.headers['svc-delivery-id'])).toEqual([delivered!.id, delivered!.id]);
      expect(target.requests[1]!.rawBody).toBe(target.requests[0]!.rawBody);
    } finally {
      await gw?.close();
      await target.close();
      await db.drop();
    }
  });
});
