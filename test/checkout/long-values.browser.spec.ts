// A buyer on a 320 px phone reads the whole of what the shop wrote, however long its words: a shop named by its domain
// ("www.electrodomesticosdelcaribe.com.co"), a descripcion that is a product's address or a list of SKUs (up to 255
// characters, no space). The page's frame hides what overflows it (its rounded corners), so a word wider than the
// screen was cut off there: the shop's name, the descripcion, "Cancelar y volver a ...". In a real headless Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge, failCharge } from '../support/outcomes.js';
import { createCharge } from './paying.js';

const SLOW_MS = 120_000;
const SHOP = 'www.electrodomesticosdelcaribe.com.co';
const PRODUCT_ADDRESS = 'https://www.electrodomesticosdelcaribe.com.co/productos/televisor-samsung-55-pulgadas-crystal-uhd-4k';
const SKUS = `SKU:${'7702004003508'.repeat(20)}`.slice(0, 255);

/**
 * Elements of the page, or the text in them, reaching past a box that hides what overflows it; and the page's width
 * against the screen's.
 */
const CUT_OFF = `(() => {
  const clipped = (el) => { for (let at = el; at; at = at.parentElement) if (getComputedStyle(at).clip !== 'auto') return true; return false; };
  const cut = [];
  for (const el of document.querySelectorAll('main *, footer *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || clipped(el)) continue;
    for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
      if (getComputedStyle(at).overflowX !== 'hidden') continue;
      const right = box.left + Math.max(box.width, el.scrollWidth);
      if (right > at.getBoundingClientRect().right + 1) cut.push(el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40));
      break;
    }
  }
  return { pageWidth: document.documentElement.scrollWidth, screenWidth: innerWidth, cut: [...new Set(cut)] };
})()`;

describe('the buyer’s page with the longest words a shop writes', () => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shop: OnboardedMerchant;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: SHOP });
    context = await browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await context.route(`${DEFAULT_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Gracias</h1>' }));
    page = await context.newPage();
  }, SLOW_MS);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  const readable = async (address: string) => {
    await page.goto(address);
    return page.evaluate(CUT_OFF) as Promise<{ pageWidth: number; screenWidth: number; cut: string[] }>;
  };

  for (const descripcion of [PRODUCT_ADDRESS, SKUS]) {
    it(`shows the shop's name and the descripcion whole: ${descripcion.slice(0, 30)}...`, async () => {
      const open = await createCharge(gw, shop, { descripcion });
      const paid = await createCharge(gw, shop, { descripcion });
      await approveCharge(gw, paid.id);
      const failed = await createCharge(gw, shop, { descripcion });
      await failCharge(gw, failed.id);
      for (const address of [open.checkoutUrl, `${open.checkoutUrl}?metodo=pse`, `${open.checkoutUrl}?metodo=efectivo`, paid.checkoutUrl, failed.checkoutUrl]) {
        const facts = await readable(address);
        expect({ address, cut: facts.cut }).toEqual({ address, cut: [] });
        expect(facts.pageWidth).toBeLessThanOrEqual(facts.screenWidth);
        expect(await page.locator('.summary').innerText()).toContain(descripcion);
      }
    }, SLOW_MS);
  }
});
