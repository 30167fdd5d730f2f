// What the portal states as a rule is the gateway's own, in a real headless Chromium: the webhook page's retry rule
// follows WEBHOOK_RETRY_DELAYS (an operator may lengthen them; the page said "1, 5 y 25 segundos" whatever they were)
// and says what becomes of a notice whose retries all failed; the Resumen's table of weeks heads its column "Semana".
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

describe('the portal states the rules this gateway runs by', () => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ webhookRetryDelays: [30, 600, 7200, 86_400] }), launchBrowser()]);
    const shop = await onboardMerchant(gw, { nombre: 'Panadería El Trigal' });
    context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
    await acceptInvitationInPortal(page, gw.publicUrl, await operatorInvites(gw, shop.merchantId, 'marta@eltrigal.co', 'Marta'), STRONG_PASSWORD);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  });

  it('the webhook page names the configured retries and what happens after the last one', async () => {
    await page.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    const rules = page.locator('section[aria-labelledby=endpoint] p.hint').first();
    const text = ((await rules.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('lo reintentamos 4 veces, tras esperar 30 segundos, 10 minutos, 2 horas y 24 horas.');
    expect(text).toContain('el aviso queda como "Fallida" y no lo intentamos más');
    expect(text).not.toContain('1, 5 y 25');
  });

  it('the Resumen of 90 days lists weeks under "Semana", days under "Día"', async () => {
    await page.goto(`${gw.publicUrl}/portal/resumen?dias=90`);
    await page.getByText('Ver las cifras del gráfico').click();
    const figures = page.getByRole('table', { name: 'Cifras del gráfico' });
    expect(await figures.getByRole('columnheader').allTextContents()).toEqual(['Semana', 'Pagos', 'Monto']);
    await page.goto(`${gw.publicUrl}/portal/resumen?dias=7`);
    await page.getByText('Ver las cifras del gráfico').click();
    expect(await page.getByRole('table', { name: 'Cifras del gráfico' }).getByRole('columnheader').allTextContents()).toEqual(['Día', 'Pagos', 'Monto']);
  });
});
