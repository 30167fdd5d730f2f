// Dates in Bogotá time whatever the zone of the browser: a Chromium set to Asia/Tokyo (14 hours ahead, so 23:59:59 in
// Bogotá is already 13:59:59 of the next day there) reads the portal's charges, their filters and settlement, and a
// buyer's cash voucher, all on the gateway's clock set to the last second of a Bogotá day.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, eventually, operator } from '../checkout/paying.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);
/** Text as read: ICU versions differ in the spaces around "p. m.". */
const plain = (text: string | null): string => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

describe('Bogotá time in a browser set to another zone', () => {
  let now = bogota('2026-11-23T23:59:59');
  const clock = { now: () => now };
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shop: OnboardedMerchant;
  let night = '';

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({}, clock), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Panadería La Noche' });
    night = (await createCharge(gw, shop, { referencia: 'NOCHE-1' })).id;
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${night}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    expect(await eventually(() => estadoOf(gw, shop, night), (estado) => estado === 'aprobado')).toBe('aprobado');
    now = bogota('2026-11-24T00:00:00');
    await createCharge(gw, shop, { referencia: 'MADRUGADA-1' });
    await waitUntil(
      () => http('GET', `${gw.publicUrl}/v1/pagos?limit=100`, { token: shop.apiKey }),
      (answer) => answer.body.data.length === 2 && answer.body.data.some((c: { estado: string }) => c.estado === 'aprobado'),
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'Asia/Tokyo' });
    page = await context.newPage();
    await acceptInvitationInPortal(page, gw.publicUrl, await operatorInvites(gw, shop.merchantId, 'dueña@lanoche.co'), STRONG_PASSWORD);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  });

  const rows = () => page.locator('table.responsive tbody tr');

  it('the browser really is in Tokyo, where the night charge is already the 24th', async () => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
    expect(await page.evaluate(() => new Date('2026-11-24T04:59:59Z').getDate())).toBe(24);
  });

  it('lists each charge at its Bogotá date and time', async () => {
    await page.goto(`${gw.publicUrl}/portal/pagos`);
    expect((await rows().allTextContents()).map(plain)).toEqual([
      expect.stringContaining('24 de nov de 2026, 12:00 a. m. MADRUGADA-1'),
      expect.stringContaining('23 de nov de 2026, 11:59 p. m. NOCHE-1'),
    ]);
  });

  it('filters by Bogotá day: the 23rd holds the 23:59:59 charge, the 24th the 00:00:00 one', async () => {
    await page.getByLabel('Desde').fill('2026-11-23');
    await page.getByLabel('Hasta').fill('2026-11-23');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/desde=2026-11-23&hasta=2026-11-23/);
    expect((await rows().allTextContents()).map(plain)).toEqual([expect.stringContaining('NOCHE-1')]);
    await page.getByLabel('Desde').fill('2026-11-24');
    await page.getByLabel('Hasta').fill('2026-11-24');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/desde=2026-11-24&hasta=2026-11-24/);
    expect((await rows().allTextContents()).map(plain)).toEqual([expect.stringContaining('MADRUGADA-1')]);
  });

  it('shows the charge created, and paid on the next business day after its Bogotá date', async () => {
    await page.goto(`${gw.publicUrl}/portal/pagos/${night}`);
    const facts = plain(await page.locator('dl.facts').first().innerText());
    expect(facts).toContain('Creado 23 de nov de 2026, 11:59 p. m.');
    expect(plain(await page.locator('main').textContent())).toContain('Te pagaremos el martes, 24 de noviembre de 2026');
  });

  it('the Resumen counts the last 7 Bogotá days up to today, the 24th', async () => {
    await page.goto(`${gw.publicUrl}/portal/resumen?dias=7`);
    expect(plain(await page.locator('.lead').first().textContent())).toContain('Pagos creados del 18 de nov de 2026 al 24 de nov de 2026');
  });

  it("shows the buyer the cash voucher's deadline in Colombian time", async () => {
    now = bogota('2026-11-23T22:00:00');
    const charge = await createCharge(gw, shop);
    const buyer = await context.newPage();
    await buyer.goto(`${charge.checkoutUrl}?metodo=efectivo`);
    await buyer.getByRole('button', { name: 'Generar código de pago' }).click();
    await buyer.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    // 72 hours after 22:00 of the 23rd in Bogotá: 22:00 of the 26th there, 12:00 of the 27th in Tokyo.
    expect(plain(await buyer.locator('.voucher').innerText())).toContain('Paga antes de 26 de noviembre de 2026 a las 10:00 p. m. (hora de Colombia)');
  });
});
