// The provider on a site of its own, as a real processor is (the other tests serve the gateway and the sandbox both
// from 127.0.0.1, one site): its card form, framed, posts the card's token to our page from that other site, and the
// page the answer leads to must still say why a payment did nothing. In a real Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { freePort } from '../support/ports.js';
import { cardPayButton, createCharge, estadoOf, eventTypes, fillCardUpToPay } from './paying.js';

const SLOW_MS = 180_000;

describe('the provider on another site', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const sandboxPort = await freePort();
    // The page is on 127.0.0.1, the provider's pages on localhost: two sites for the browser's cookie rules.
    [gw, browser] = await Promise.all([
      startTestGateway({ sandboxPort, providerUrl: `http://127.0.0.1:${sandboxPort}`, sandboxPublicUrl: `http://localhost:${sandboxPort}` }),
      launchBrowser(),
    ]);
    merchant = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' });
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    page = await context.newPage();
  });
  afterEach(() => context.close());


  it('a card paid from the framed form: approved, as on one site', async () => {
    const created = await createCharge(gw, merchant);
    await fillCardUpToPay(page, created.checkoutUrl);
    expect(page.frames().some((frame) => frame.url().startsWith(gw.infra.config.sandboxPublicUrl))).toBe(true);
    await cardPayButton(page).click();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  it("PSE: the form sends the buyer to the bank on the provider's site, and the bank back to an approved page", async () => {
    const created = await createCharge(gw, merchant);
    await page.goto(`${created.checkoutUrl}?metodo=pse`);
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.waitForURL(`${gw.infra.config.sandboxPublicUrl}/pse/**`);
    await page.getByRole('button', { name: 'Autorizar pago' }).click();
    await page.waitForURL(created.checkoutUrl);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  it('a card paid after another tab issued a voucher: the voucher, saying why the card was not used', async () => {
    const created = await createCharge(gw, merchant);
    await fillCardUpToPay(page, created.checkoutUrl);
    const other = await context.newPage();
    await other.goto(`${created.checkoutUrl}?metodo=efectivo`);
    await other.getByRole('button', { name: 'Generar código de pago' }).click();
    await other.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    await cardPayButton(page).click();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    expect(await page.getByRole('alert').allInnerTexts()).toEqual(['Ya tienes un código de pago en efectivo para esta compra.']);
    expect(await eventTypes(gw, created.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued']);
  }, SLOW_MS);
});
