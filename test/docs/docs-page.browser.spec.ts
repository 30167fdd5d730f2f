// The docs page (/docs, Swagger UI) is where a merchant may paste a key and try the API: another site must not be able
// to frame it, and its CSP must still let the page work. In a real headless Chromium.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { freePort } from '../support/ports.js';

/** A loaded 2-core machine can run these several times slower than an idle one. */
const SLOW_MS = 180_000;

describe('the docs page', () => {
  let gw: TestGateway;
  let browser: Browser;

  beforeAll(async () => {
    // On a port known before the start, so the page's "Try it out" calls the server its description names.
    const port = await freePort();
    [gw, browser] = await Promise.all([startTestGateway({ port, publicBaseUrl: `http://127.0.0.1:${port}` }), launchBrowser()]);
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  it('cannot be framed by another site', async () => {
    // Another origin on this machine: Chromium lets no site on the internet frame a loopback page at all.
    const elsewhere = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><title>Otro sitio</title><iframe src="${gw.publicUrl}/docs"></iframe>`);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const docsAnswered = page.waitForResponse((response) => response.url() === `${gw.publicUrl}/docs`);
      await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
      expect((await docsAnswered).status()).toBe(200);
      // In place of a page that refuses the frame Chromium shows its own error page: Swagger UI never runs there.
      await page.waitForTimeout(1000);
      const framed = page.frames().find((frame) => frame !== page.mainFrame());
      expect(framed?.url()).not.toBe(`${gw.publicUrl}/docs`);
      expect(await framed!.locator('#swagger-ui').count()).toBe(0);
    } finally {
      await context.close();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  }, SLOW_MS);

  it('still shows the API under its own CSP, with nothing refused', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await page.goto(`${gw.publicUrl}/docs`);
      await page.getByText('/v1/pagos/{id}').first().waitFor();
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  }, SLOW_MS);

  it("creates a charge with the page's own example body: Authorize, Try it out, one's own merchantId, Execute", async () => {
    const shop = await onboardMerchant(gw);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${gw.publicUrl}/docs`);
      await page.getByRole('button', { name: 'Authorize' }).first().click();
      const dialog = page.locator('.modal-ux');
      await dialog.locator('input').first().fill(shop.apiKey);
      await dialog.locator('button.authorize').click();
      await dialog.locator('button.btn-done').click();

      const create = page.locator('.opblock-post').filter({ has: page.locator('[data-path="/v1/pagos"]') });
      await create.locator('.opblock-summary').click();
      await create.getByRole('button', { name: 'Try it out' }).click();
      const body = create.locator('textarea.body-param__text');
      const example = JSON.parse(await body.inputValue()) as Record<string, unknown>;
      // What a merchant changes: its own id (GET /v1/merchants/me); everything else as the page shows it.
      await body.fill(JSON.stringify({ ...example, merchantId: shop.merchantId }));
      await create.locator('input[placeholder="Idempotency-Key"]').fill('pedido-desde-docs');
      await create.getByRole('button', { name: 'Execute' }).click();

      const answer = create.locator('.live-responses-table tr.response');
      const status = (await answer.locator('.response-col_status').innerText()).trim();
      expect([status, await answer.locator('.response-col_description').innerText()]).toEqual(['201', expect.stringContaining('"estado": "pendiente"')]);
      expect(example).not.toHaveProperty('montoMinor');
    } finally {
      await context.close();
    }
  }, SLOW_MS);

  it('answers with page headers: no framing, no sniffing, no referrer', async () => {
    for (const path of ['/docs', '/docs/openapi.json', '/docs/swagger-ui-init.js']) {
      const answer = await http('GET', `${gw.publicUrl}${path}`);
      expect([path, answer.status]).toEqual([path, 200]);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    // Other routes of the listener are left as they were.
    expect((await http('GET', `${gw.publicUrl}/health`)).headers.get('content-security-policy')).toBeNull();
  });

  it('sends HSTS when the public base URL is https', async () => {
    const secure = await startTestGateway({ publicBaseUrl: 'https://pagos.example.co' });
    try {
      const answer = await http('GET', `${secure.publicUrl}/docs`);
      expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    } finally {
      await secure.close();
    }
  }, SLOW_MS);
});
