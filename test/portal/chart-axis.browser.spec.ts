// The Resumen chart's axis says the amounts its lines stand at. With a best day of $ 2.400.000 the axis goes to
// $ 2.500.000 in quarters, and the lines at 1.250.000 and 1.875.000 read "$ 1,3 M" and "$ 1,9 M": a shop owner
// reading a bar against them was told amounts that are not there. In a real headless Chromium, as the owner sees it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './charges-fixture.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const SLOW_MS = 120_000;

describe('the Resumen chart’s axis', () => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shop: OnboardedMerchant;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Muebles del Valle' });
    await approveCharge(gw, await createCharge(gw, shop, 'SALA-1', 2_400_000));
    await waitUntil(
      () => http('GET', `${gw.publicUrl}/v1/pagos?estado=aprobado`, { token: shop.apiKey }),
      (answer) => answer.body?.data?.length === 1,
    );
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    page = await context.newPage();
    await acceptInvitationInPortal(page, gw.publicUrl, await operatorInvites(gw, shop.merchantId, 'dueno@muebles.co'), STRONG_PASSWORD);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
  }, SLOW_MS);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  it('names each line by its exact amount, in quarters of $ 2,5 M', async () => {
    await page.goto(`${gw.publicUrl}/portal/resumen?dias=7`);
    const labels = (await page.locator('figure.chart svg > text').allTextContents()).map((label) => label.replace(/\u00a0/g, ' '));
    expect(labels).toEqual(['$ 0', '$ 625 mil', '$ 1,25 M', '$ 1,875 M', '$ 2,5 M']);
  });
});
