// Most Colombian shops are companies whose name ends with a full stop ("Repuestos El Valle S.A.S."). A sentence of the
// buyer's page that ends with that name ends with it: one full stop, never "S.A.S..". In a real headless Chromium, on
// each screen that names the shop in its footer: the methods, a form, a result.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './paying.js';

const SLOW_MS = 120_000;
const COMPANY = 'Repuestos El Valle S.A.S.';

describe('a shop whose name ends with a full stop, on the buyer’s page', () => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shop: OnboardedMerchant;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: COMPANY });
    context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    page = await context.newPage();
  }, SLOW_MS);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  const footer = async (): Promise<string> => (await page.locator('footer').innerText()).replace(/\s+/g, ' ');

  it('ends the footer’s sentence with the name’s own full stop', async () => {
    const open = await createCharge(gw, shop);
    for (const address of [open.checkoutUrl, `${open.checkoutUrl}?metodo=pse`]) {
      await page.goto(address);
      expect(await footer()).toContain(`Pasarela procesa este pago para ${COMPANY} La tarjeta la recibe solo la entidad de pagos.`);
    }
    const paid = await createCharge(gw, shop);
    await approveCharge(gw, paid.id);
    await page.goto(paid.checkoutUrl);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await footer()).not.toContain('..');
  });

  it('still ends a name without one with a full stop', async () => {
    const other = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' });
    await page.goto((await createCharge(gw, other)).checkoutUrl);
    expect(await footer()).toContain('Pasarela procesa este pago para Tienda La Esquina. La tarjeta');
  });
});
