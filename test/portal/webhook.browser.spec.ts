// The webhook part of the portal in a real headless Chromium: registering the endpoint shows its signing secret
// once; a delivery that failed every attempt is re-sent from the log and arrives, same delivery id, signed with that
// secret; a read-only colleague sees the log without the controls, and their forged posts are refused; rolling the
// secret shows the new one once, and the next delivery is signed with the new and the old one.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './charges-fixture.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';
import { screenshot } from './screenshots.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The shop's webhook receiver: answers `status` (500 until told otherwise) and keeps what arrives. */
class Receiver {
  status = 500;
  readonly received: Received[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body });
        response.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks/pasarela`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('the webhook endpoint and its deliveries in the portal', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let admin: Page;
  let secret = '';
  let lastRolled = '';
  let hmacInput = { t: '', body: '' };
  const hmac = (key: string): string => createHmac('sha256', key).update(`${hmacInput.t}.${hmacInput.body}`).digest('hex');

  /** Approves a new charge and answers the v1 signatures of its notice (keeping what `hmac` signs). */
  async function signaturesOfNextDelivery(referencia: string): Promise<string[]> {
    const before = receiver.received.length;
    const chargeId = await createCharge(gw, shop, referencia, 45_000);
    await approveCharge(gw, chargeId);
    const deadline = Date.now() + 10_000;
    while (!receiver.received.slice(before).some((r) => r.body.includes(chargeId))) {
      if (Date.now() > deadline) throw new Error(`the delivery of ${referencia} never arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const delivery = receiver.received.slice(before).find((r) => r.body.includes(chargeId))!;
    const parts = String(delivery.headers['svc-signature']).split(',').map((part) => part.split('='));
    hmacInput = { t: parts.find(([key]) => key === 't')![1]!, body: delivery.body };
    return parts.filter(([key]) => key === 'v1').map(([, value]) => value!);
  }
  const receiver = new Receiver();
  const contexts: BrowserContext[] = [];

  async function acceptAs(invitation: string, password: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    const page = await context.newPage();
    await acceptInvitationInPortal(page, gw.publicUrl, invitation, password);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    return page;
  }

  /** Reloads the page until a table row shows `text` (the dispatcher works beside the test). */
  async function reloadUntil(page: Page, text: string): Promise<void> {
    const until = Date.now() + 10_000;
    while (!(await page.locator('tbody').allTextContents()).some((rows) => rows.includes(text))) {
      if (Date.now() > until) throw new Error(`"${text}" never showed on ${page.url()}`);
      await page.waitForTimeout(150);
      await page.reload();
    }
  }

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ webhookRetryDelays: [0.1, 0.1, 0.1] }), launchBrowser(), receiver.start()]);
    shop = await onboardMerchant(gw, { nombre: 'Tienda Doña Rosa' });
    admin = await acceptAs(await operatorInvites(gw, shop.merchantId, 'rosa@tienda.co', 'Rosa'), STRONG_PASSWORD);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
    await receiver.stop();
  });

  it('registers the endpoint and shows the signing secret on its answer alone (a repeat of that post within minutes included), never on a page', async () => {
    await admin.getByRole('link', { name: 'Configuración' }).click();
    await admin.getByRole('link', { name: 'Webhook' }).click();
    await admin.getByText('Aún no hay endpoint').waitFor();
    await admin.getByLabel('URL del endpoint').fill('https://10.0.0.8/webhooks');
    await admin.getByRole('button', { name: 'Registrar endpoint' }).click();
    expect(await admin.locator('#campo-url-error').textContent()).toContain('privada o interna');

    await admin.getByLabel('URL del endpoint').fill(receiver.url);
    await admin.getByRole('button', { name: 'Registrar endpoint' }).click();
    secret = (await admin.locator('#secreto-firma').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await admin.getByRole('status').textContent()).toContain('No lo volveremos a mostrar');
    await screenshot(admin, 'webhook-secreto');

    expect(await admin.getByRole('link', { name: 'Ya lo guardé, continuar' }).getAttribute('href')).toBe('/portal/configuracion/webhook');

    // Reloading the secret's page posts the registration again: within minutes, for the same person and URL, that is
    // the same registration's page again (as a double click's second post, the one the browser shows, must be),
    // saying nothing new was registered; no second endpoint or secret exists (docs/decisions.md, Webhooks).
    const reloaded = await admin.reload();
    expect(reloaded?.status()).toBe(201);
    expect(await admin.content()).toContain('no registramos otro');
    expect((await admin.locator('#secreto-firma').textContent())?.trim()).toBe(secret);

    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByRole('heading', { name: 'Endpoint de webhooks' }).waitFor();
    expect(await admin.content()).not.toContain(secret);
    expect(await admin.locator('dl.facts').textContent()).toContain('por Rosa');
    await admin.reload();
    expect(await admin.content()).not.toContain(secret);
    const api = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey });
    expect(api.body).toMatchObject({ url: receiver.url, activo: true, actualizadoPor: { type: 'person' } });
    expect(api.text).not.toContain(secret);
  });

  it('re-sends a delivery that failed every attempt; it arrives with the same delivery id, signed with the secret', async () => {
    const chargeId = await createCharge(gw, shop, 'ROSA-77', 89_900);
    await approveCharge(gw, chargeId);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook?estado=fallida`);
    await reloadUntil(admin, 'payment.completed');
    expect(await admin.locator('tbody tr').count()).toBe(1);
    expect(receiver.received).toHaveLength(4); // at once, then the 3 retries
    await admin.getByText('4 intentos').click();
    expect(await admin.locator('ol.attempts').textContent()).toContain('HTTP 500');
    await screenshot(admin, 'webhook');

    receiver.status = 200;
    await admin.getByRole('button', { name: /^Reenviar/ }).click();
    await admin.getByText('Reenviamos el aviso').waitFor();
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook?estado=entregada`);
    await reloadUntil(admin, 'payment.completed');
    expect(receiver.received).toHaveLength(5);
    const ids = new Set(receiver.received.map((r) => r.headers['svc-delivery-id']));
    expect(ids.size).toBe(1);
    const last = receiver.received[4]!;
    const [t, v1] = String(last.headers['svc-signature']).split(',').map((part) => part.split('=')[1]);
    expect(createHmac('sha256', secret).update(`${t}.${last.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(last.body)).toMatchObject({ type: 'payment.completed', data: { paymentId: chargeId, reference: 'ROSA-77', monto: 89_900 } });

    // The charge's own page lists the same delivery, now delivered.
    await admin.goto(`${gw.publicUrl}/portal/pagos/${chargeId}`);
    expect(await admin.locator('section[aria-labelledby=avisos]').textContent()).toContain('Entregada');
    expect(await admin.locator('ol.timeline').textContent()).toContain('Se notificó payment.completed a tu webhook.');
    await screenshot(admin, 'pago-avisos');
  });

  it('changes the URL and deactivates the endpoint; deliveries then wait as "Sin endpoint"', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByLabel('URL nueva').fill(receiver.url.replace('/webhooks/pasarela', '/otra-ruta'));
    await admin.getByRole('button', { name: 'Guardar URL' }).click();
    await admin.getByText('Guardamos la URL nueva.').waitFor();
    await admin.getByRole('button', { name: 'Desactivar endpoint' }).click();
    await admin.getByText('Desactivamos el endpoint.').waitFor();
    const api = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey });
    expect(api.body).toMatchObject({ url: receiver.url.replace('/webhooks/pasarela', '/otra-ruta'), activo: false });
    const chargeId = await createCharge(gw, shop, 'ROSA-78', 10_000);
    await approveCharge(gw, chargeId);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook?estado=sin_endpoint`);
    await reloadUntil(admin, 'payment.completed');
    // The charge's page says it was not sent because the endpoint was off, not that the shop has none.
    await admin.goto(`${gw.publicUrl}/portal/pagos/${chargeId}`);
    expect(await admin.locator('ol.timeline').textContent()).toContain('No se envió payment.completed: cuando ocurrió, tu webhook no estaba activo.');
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByRole('button', { name: 'Activar endpoint' }).click();
    await admin.getByText('Activamos el endpoint.').waitFor();
  });

  it('a read-only colleague sees the endpoint and the log without controls; forged posts get 403', async () => {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'mira@tienda.co', nombre: 'Mira', rol: 'lectura' } });
    const reader = await acceptAs(new URL(invited.body.invitacion.url).pathname, 'solo miro los avisos', { width: 390, height: 844 });
    await reader.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await reader.getByRole('heading', { name: 'Endpoint de webhooks' }).waitFor();
    expect(await reader.locator('main form').count()).toBe(0);
    expect(await reader.locator('main button').count()).toBe(0);
    expect(await reader.locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(reader, 'webhook-solo-lectura');

    const before = await gw.infra.dataSource.query(
      'SELECT (SELECT count(*)::int FROM webhook_endpoint_changes WHERE merchant_id = $1) AS changes, (SELECT count(*)::int FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.merchant_id = $1) AS attempts',
      [shop.merchantId],
    );
    const delivery = (await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/entregas`, { token: gw.operatorToken })).body.data[0];
    const csrf = await reader.locator('input[name=csrf]').first().inputValue();
    for (const [path, form] of [
      ['/portal/configuracion/webhook', { url: 'https://otra.example.co/hook' }],
      ['/portal/configuracion/webhook/url', { url: 'https://otra.example.co/hook' }],
      ['/portal/configuracion/webhook/estado', { activo: 'false' }],
      ['/portal/configuracion/webhook/secreto', {}],
      [`/portal/configuracion/webhook/entregas/${delivery.id}/reenviar`, {}],
    ] as const) {
      const answer = await reader.request.post(`${gw.publicUrl}${path}`, { form: { csrf, ...form }, maxRedirects: 0 });
      expect([path, answer.status()]).toEqual([path, 403]);
    }
    const after = await gw.infra.dataSource.query(
      'SELECT (SELECT count(*)::int FROM webhook_endpoint_changes WHERE merchant_id = $1) AS changes, (SELECT count(*)::int FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.merchant_id = $1) AS attempts',
      [shop.merchantId],
    );
    expect(after).toEqual(before);
  });

  it('rolls the signing secret: the new one shown once with the old one\'s end; the next delivery carries both signatures', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByRole('heading', { name: 'Secreto de firma' }).waitFor();
    await admin.getByRole('link', { name: 'Cambiar el secreto de firma' }).click();
    expect(await admin.locator('#deja-de-firmar').textContent()).toContain('El secreto actual seguirá firmando hasta el');
    await admin.getByRole('button', { name: 'Sí, cambiar el secreto' }).click();
    await admin.getByRole('heading', { name: 'Cambiaste el secreto de firma' }).waitFor();
    const rolled = (await admin.locator('#secreto-firma').textContent())?.trim() ?? '';
    lastRolled = rolled;
    expect(rolled).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(rolled).not.toBe(secret);
    expect(await admin.getByRole('status').textContent()).toContain('No lo volveremos a mostrar');
    const until = (await admin.locator('#secreto-anterior').textContent()) ?? '';
    expect(until).toContain('El secreto anterior sigue firmando hasta el');
    const api = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey });
    expect(until).toContain(new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(api.body.secretoAnteriorValidoHasta)));
    expect(api.text).not.toContain(rolled);
    await screenshot(admin, 'webhook-secreto-nuevo');

    await admin.getByRole('link', { name: 'Ya lo guardé, continuar' }).click();
    await admin.getByRole('heading', { name: 'Secreto de firma' }).waitFor();
    expect(await admin.content()).not.toContain(rolled);
    expect(await admin.locator('section[aria-labelledby=secreto]').textContent()).toContain('cada aviso lleva dos firmas');
    expect(await admin.locator('dl.facts').textContent()).toContain('por Rosa');
    await screenshot(admin, 'webhook-dos-firmas');

    const before = receiver.received.length;
    const chargeId = await createCharge(gw, shop, 'ROSA-79', 45_000);
    await approveCharge(gw, chargeId);
    const deadline = Date.now() + 10_000;
    while (!receiver.received.slice(before).some((r) => r.body.includes(chargeId))) {
      if (Date.now() > deadline) throw new Error('the delivery after the roll never arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const delivery = receiver.received.slice(before).find((r) => r.body.includes(chargeId))!;
    const parts = String(delivery.headers['svc-signature']).split(',').map((part) => part.split('='));
    const t = parts.find(([key]) => key === 't')![1];
    const v1 = parts.filter(([key]) => key === 'v1').map(([, value]) => value);
    const sign = (key: string) => createHmac('sha256', key).update(`${t}.${delivery.body}`).digest('hex');
    expect(v1).toEqual([sign(rolled), sign(secret)]);
  });

  it('rolling again within the 24 h: the page says the old secret stops now and asks for a tick; a double click rolls once', async () => {
    const rolls = async (): Promise<number> =>
      (await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoint_changes WHERE merchant_id = $1 AND secret_rolled', [shop.merchantId]))[0].n;
    const before = await rolls();

    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByRole('link', { name: 'Cambiar el secreto de firma' }).click();
    const warning = (await admin.locator('#deja-de-firmar').textContent()) ?? '';
    expect(warning).toContain('El secreto ya se cambió hace poco');
    expect(warning).toContain('por Rosa');
    expect(warning).toContain('ese secreto anterior deja de firmar de inmediato');
    await screenshot(admin, 'webhook-cambiar-secreto-otra-vez');

    // Without the tick (a forged or replayed form) nothing is rolled.
    const csrf = await admin.locator('input[name=csrf]').first().inputValue();
    const visto = await admin.locator('input[name=visto]').inputValue();
    const unticked = await admin.request.post(`${gw.publicUrl}/portal/configuracion/webhook/secreto`, { form: { csrf, visto }, maxRedirects: 0 });
    expect(unticked.status()).toBe(400);
    expect(await unticked.text()).toContain('Marca que entiendes');
    expect(await rolls()).toBe(before);

    // Ticked and confirmed: one roll; the page shows its secret.
    await admin.getByLabel('Entiendo que el secreto anterior deja de firmar ya').check();
    await admin.getByRole('button', { name: 'Sí, cambiar el secreto' }).click();
    await admin.getByRole('heading', { name: 'Cambiaste el secreto de firma' }).waitFor();
    const shown = (await admin.locator('#secreto-firma').textContent())?.trim() ?? '';
    expect(await rolls()).toBe(before + 1);

    // Reloading the answer posts the form again: the same secret, nothing rolled.
    const reloaded = await admin.reload();
    expect(reloaded?.status()).toBe(201);
    expect((await admin.locator('#secreto-firma').textContent())?.trim()).toBe(shown);
    expect(await admin.locator('#repetido').textContent()).toContain('no lo cambiamos de nuevo');
    expect(await rolls()).toBe(before + 1);
    expect(await admin.locator('#secreto-anterior').textContent()).toContain('El secreto anterior sigue firmando hasta el');

    // The next notice is signed with the secret shown and the one the shop's server held: nothing stopped early.
    expect(await signaturesOfNextDelivery('ROSA-80')).toEqual([hmac(shown), hmac(lastRolled)]);

    // A double click on a slow line: the same confirmation posted twice at once. One roll, the same secret in both
    // answers (the browser shows the second), and the secret before still signs.
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook/secreto`);
    const form = {
      csrf: await admin.locator('input[name=csrf]').first().inputValue(),
      visto: await admin.locator('input[name=visto]').inputValue(),
      entiendo: 'si',
    };
    const posts = await Promise.all([0, 1].map(() => admin.request.post(`${gw.publicUrl}/portal/configuracion/webhook/secreto`, { form, maxRedirects: 0 })));
    expect(posts.map((post) => post.status())).toEqual([201, 201]);
    const secrets = await Promise.all(posts.map(async (post) => /id="secreto-firma">([^<]+)</.exec(await post.text())?.[1]));
    expect(secrets[0]).toMatch(/^whsec_/);
    expect(secrets[1]).toBe(secrets[0]);
    expect(await rolls()).toBe(before + 2);
    expect(await signaturesOfNextDelivery('ROSA-81')).toEqual([hmac(secrets[0]!), hmac(shown)]);
  });
});
