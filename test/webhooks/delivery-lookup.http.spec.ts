// A notice that never came, found by its charge: "ask us to re-send" (docs/webhooks.md) must work for any charge, not
// only for the newest hundred deliveries of a merchant. The operator finds it with ?pagoId= and the shop's
// administrator sees and re-sends it from the charge's page in the portal, after more than a hundred later notices.
import { pasarelaOps } from '../support/cli.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { acceptInvitation, csrfOf, operatorInvites, type PortalClient } from '../portal/portal-client.js';
import { Receiver, waitUntil } from './support/receiver.js';
import { createCharge, deliveries, merchantWithEndpoint, untilDeliveries, type DeliveryJson, type WebhookMerchant } from './support/webhooks.js';

describe('a delivery found by its charge, however many came after it', () => {
  let gw: TestGateway;
  let receiver: Receiver;
  let shop: WebhookMerchant;
  let admin: PortalClient;
  let first: string;
  const LATER = 101;

  const byCharge = (merchantId: string, pagoId: string) =>
    http<{ data: DeliveryJson[] }>('GET', `${gw.adminUrl}/internal/merchants/${merchantId}/entregas?pagoId=${pagoId}`, { token: gw.operatorToken });

  async function approveOne(): Promise<string> {
    const charge = await createCharge(gw, shop, 10_000);
    await approveCharge(gw, charge.id);
    return charge.id;
  }

  beforeAll(async () => {
    [gw, receiver] = await Promise.all([startTestGateway(), Receiver.start()]);
    shop = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = shop.secret!;
    admin = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'lucia@tienda.co', 'Lucía'));
    // The endpoint is switched off: every notice is kept sin_endpoint, to be re-sent on request.
    expect((await http('PUT', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey, body: { activo: false } })).status).toBe(200);
    first = await approveOne();
    await untilDeliveries(gw, shop.merchantId, 'sin_endpoint', 1);
    for (let done = 0; done < LATER; done += 10) {
      await Promise.all(Array.from({ length: Math.min(10, LATER - done) }, approveOne));
    }
    await waitUntil(
      async () => {
        const all = await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas?estado=sin_endpoint&limit=100`, { token: gw.operatorToken });
        return all.body.data.length === 100;
      },
      30_000,
      'a hundred later notices kept sin_endpoint',
    );
    expect((await http('PUT', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey, body: { activo: true } })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await receiver.close();
    await gw.close();
  });

  it('is no longer among the newest hundred, and the operator finds it with ?pagoId=', async () => {
    const newest = await deliveries(gw, shop.merchantId);
    expect(newest.some((d) => d.pagoId === first)).toBe(false);

    const found = await byCharge(shop.merchantId, first);
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([expect.objectContaining({ pagoId: first, tipo: 'payment.completed', estado: 'sin_endpoint' })]);
  });

  /** Every delivery of the shop, following nextCursor page by page; and how many pages that took. */
  async function everyDelivery(limit: number): Promise<{ seen: DeliveryJson[]; pages: number }> {
    const seen: DeliveryJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await http<{ data: DeliveryJson[]; nextCursor: string | null }>('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas${query}`, {
        token: gw.operatorToken,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.data);
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    return { seen, pages };
  }

  it('pages the operator list by cursor: every delivery once, newest first, the oldest on the last page', async () => {
    // The setup waited for a hundred of them; the projector may still be writing the last ones.
    let all = await everyDelivery(30);
    await waitUntil(async () => (all = await everyDelivery(30)).seen.length >= LATER + 1, 10_000, 'every delivery listed');
    const { seen, pages } = all;
    expect(pages).toBe(4);
    expect(seen).toHaveLength(LATER + 1);
    expect(new Set(seen.map((d) => d.id)).size).toBe(LATER + 1);
    expect(seen.at(-1)!.pagoId).toBe(first);
    const order = seen.map((d) => `${d.creadaEn}`);
    expect([...order].sort().reverse()).toEqual(order);
    // A page that ends exactly at the oldest delivery says there is no next one (not a cursor to an empty page).
    const list = (query: string) =>
      http<{ data: DeliveryJson[]; nextCursor: string | null }>('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas${query}`, { token: gw.operatorToken });
    const firstPage = await list('?limit=30');
    const rest = await list(`?limit=${LATER + 1 - 30}&cursor=${firstPage.body.nextCursor}`);
    expect([rest.body.data.length, rest.body.data.at(-1)?.pagoId, rest.body.nextCursor]).toEqual([LATER + 1 - 30, first, null]);

    const forged = await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas?cursor=inventado&limit=0`, { token: gw.operatorToken });
    expect(forged.status).toBe(400);
    expect(Object.keys(forged.body.message.fieldErrors).sort()).toEqual(['cursor', 'limit']);
    // A day past its month's end, or an offset PostgreSQL does not take: Date.parse accepts them, the database would not.
    for (const time of ['2026-02-29T00:00:00.000000Z', '2026-01-01T00:00:00+16:00']) {
      const cursor = Buffer.from(JSON.stringify([time, seen[0]!.id])).toString('base64url');
      const answer = await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas?cursor=${cursor}`, { token: gw.operatorToken });
      expect([time, answer.status, Object.keys(answer.body.message?.fieldErrors ?? {})]).toEqual([time, 400, ['cursor']]);
    }
  });

  it('pages with pasarela-ops webhooks deliveries --cursor, saying how to get the next page', async () => {
    const newest = await pasarelaOps(gw, ['webhooks', 'deliveries', shop.merchantId, '--limit', '100']);
    expect(newest).toMatchObject({ code: 0, stderr: '' });
    expect(newest.stdout).not.toContain(first);
    const more = /^More: pasarela-ops webhooks deliveries (\S+) --limit 100 --cursor (\S+)$/m.exec(newest.stdout);
    expect(more?.[1]).toBe(shop.merchantId);
    const rest = await pasarelaOps(gw, ['webhooks', 'deliveries', shop.merchantId, '--limit', '100', '--cursor', more![2]!]);
    expect(rest).toMatchObject({ code: 0, stderr: '' });
    expect(rest.stdout).toContain(first);
    expect(rest.stdout).not.toContain('--cursor');
    // The filters go with the cursor into the next page's command.
    const filtered = await pasarelaOps(gw, ['webhooks', 'deliveries', shop.merchantId, '--estado', 'sin_endpoint', '--limit', '3']);
    expect(filtered.stdout).toMatch(/^More: pasarela-ops webhooks deliveries \S+ --estado sin_endpoint --limit 3 --cursor \S+$/m);
  });

  it('pages the portal\'s webhook log with "Ver anteriores" down to the oldest notice, and back with "Más recientes"', async () => {
    const hrefOf = (text: string, label: string): string | undefined =>
      new RegExp(`<a[^>]*href="([^"]+)"[^>]*>${label}</a>`).exec(text)?.[1]?.replace(/&amp;/g, '&');
    const rows = (text: string): number => text.split('<tr>').length - 2;
    let page = await admin.get('/portal/configuracion/webhook');
    expect(rows(page.text)).toBe(50);
    expect(page.text).not.toContain(`/portal/pagos/${first}"`);
    expect(hrefOf(page.text, '← Más recientes')).toBeUndefined();
    for (const expected of [50, 2]) {
      const older = hrefOf(page.text, 'Ver anteriores');
      expect(older).toMatch(/^\/portal\/configuracion\/webhook\?cursor=/);
      page = await admin.get(older!);
      expect(page.status).toBe(200);
      expect(rows(page.text)).toBe(expected);
      expect(hrefOf(page.text, '← Más recientes')).toBe('/portal/configuracion/webhook');
    }
    expect(page.text).toContain(`/portal/pagos/${first}"`);
    expect(hrefOf(page.text, 'Ver anteriores')).toBeUndefined();
    // A state filter goes along to the next page.
    const filtered = await admin.get('/portal/configuracion/webhook?estado=sin_endpoint');
    expect(hrefOf(filtered.text, 'Ver anteriores')).toMatch(/^\/portal\/configuracion\/webhook\?estado=sin_endpoint&cursor=/);

    const forged = await admin.get('/portal/configuracion/webhook?cursor=inventado');
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('Ese enlace de página ya no sirve');
  });

  it('refuses a pagoId that is not a charge id (400), and finds nothing for a charge of another merchant', async () => {
    const bad = await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas?pagoId=PED-1`, { token: gw.operatorToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message.fieldErrors.pagoId).toEqual(['pagoId must be a charge id (a UUID)']);

    const other = await merchantWithEndpoint(gw, null);
    const elsewhere = await byCharge(other.merchantId, first);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.data).toEqual([]);
  });

  it("is shown on its charge's page in the portal and re-sent from there: it arrives, same delivery id, verified", async () => {
    const [delivery] = (await byCharge(shop.merchantId, first)).body.data;
    const page = await admin.get(`/portal/pagos/${first}`);
    expect(page.status).toBe(200);
    const action = `/portal/configuracion/webhook/entregas/${delivery!.id}/reenviar`;
    expect(page.text).toContain(`action="${action}"`);

    const resent = await admin.post(action, { csrf: csrfOf(page.text), volver: `/portal/pagos/${first}` });
    expect(resent.status).toBe(303);
    expect(resent.location).toBe(`/portal/pagos/${first}?hecho=reenviada`);

    const arrived = () => receiver.accepted.filter((r) => r.headers['svc-delivery-id'] === delivery!.id);
    await waitUntil(() => arrived().length === 1, 10_000, 'the re-sent notice');
    expect(JSON.parse(arrived()[0]!.rawBody).data.paymentId).toBe(first);
  });

  it('is found and re-sent by the operator with pasarela-ops (webhooks deliveries --pago, webhooks resend)', async () => {
    const listed = await pasarelaOps(gw, ['webhooks', 'deliveries', shop.merchantId, '--pago', first]);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    const [header, row] = listed.stdout.split('\n');
    expect(header).toMatch(/^ENTREGA\s+TIPO\s+PAGO\s+ESTADO/);
    const deliveryId = row!.split(/\s+/)[0]!;
    expect(row).toContain(first);

    const sent = () => receiver.accepted.filter((r) => r.headers['svc-delivery-id'] === deliveryId).length;
    const before = sent();
    const resent = await pasarelaOps(gw, ['webhooks', 'resend', deliveryId]);
    expect(resent).toMatchObject({ code: 0, stderr: '' });
    expect(resent.stdout).toContain(`Delivery ${deliveryId} (payment.completed of charge ${first}) is being sent again now`);
    await waitUntil(() => sent() === before + 1, 10_000, 'the notice re-sent by the operator');

    const bad = await pasarelaOps(gw, ['webhooks', 'deliveries', shop.merchantId, '--estado', 'perdida']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('pasarela-ops: --estado must be one of pendiente, entregada, fallida, sin_endpoint; got "perdida"\n');
  });

  it("answers 404 in the portal for another merchant's delivery, and sends nothing", async () => {
    const otherReceiver = await Receiver.start();
    try {
      const other = await merchantWithEndpoint(gw, otherReceiver.url);
      otherReceiver.secret = other.secret!;
      const charge = await createCharge(gw, other, 5_000);
      await approveCharge(gw, charge.id);
      const [theirs] = await untilDeliveries(gw, other.merchantId, 'entregada', 1);
      const page = await admin.get('/portal/configuracion/webhook');
      const forged = await admin.post(`/portal/configuracion/webhook/entregas/${theirs!.id}/reenviar`, { csrf: csrfOf(page.text) });
      expect(forged.status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(otherReceiver.requests).toHaveLength(1);
    } finally {
      await otherReceiver.close();
    }
  });
});
