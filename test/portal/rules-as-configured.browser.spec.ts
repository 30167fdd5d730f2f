// What the portal states as a rule is the gateway's own, in a real headless Chromium: the webhook page's retry rule
// follows WEBHOOK_RETRY_DELAYS (an operator may lengthen them; the page said "1, 5 y 25 segundos" whatever they were)
// and says what becomes of a notice whose retries all failed; a notice waiting for its next retry says when that is
// (with long delays it looked stuck: no time, no "Reenviar"); the Resumen's table of weeks heads its column "Semana".
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { freePort } from '../support/ports.js';
import { deliveries, untilDeliveries } from '../webhooks/support/webhooks.js';
import { createCharge } from './charges-fixture.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

describe('the portal states the rules this gateway runs by', () => {
  let gw: TestGateway;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shop: OnboardedMerchant;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ webhookRetryDelays: [90, 600, 7200, 86_400] }), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Panadería El Trigal' });
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
    expect(text).toContain('lo reintentamos 4 veces, tras esperar 90 segundos, 10 minutos, 2 horas y 24 horas.');
    expect(text).toContain('el aviso queda como "Fallida" y no lo intentamos más');
    expect(text).not.toContain('1, 5 y 25');
  });

  it('to a read-only person the rule says an administrator re-sends, not "puedes reenviarlo"', async () => {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'caja@eltrigal.co', nombre: 'Caja', rol: 'lectura' } });
    expect(invited.status).toBe(201);
    const readerContext = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
    readerContext.setDefaultTimeout(10_000);
    try {
      const reader = await readerContext.newPage();
      await acceptInvitationInPortal(reader, gw.publicUrl, new URL(invited.body.invitacion.url).pathname, STRONG_PASSWORD);
      await reader.getByRole('heading', { name: 'Resumen' }).waitFor();
      await reader.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
      const text = ((await reader.locator('section[aria-labelledby=endpoint] p.hint').first().textContent()) ?? '').replace(/\s+/g, ' ');
      expect(text).toContain('un administrador puede reenviarlo desde "Avisos enviados"');
      expect(text).not.toContain('puedes reenviarlo');
    } finally {
      await readerContext.close();
    }
  });

  it('a notice waiting for its next retry says when it is, on the webhook page and on its charge\'s page', async () => {
    // Nothing listens there: the first attempt is refused, the next one is due 90 s later.
    const url = `http://127.0.0.1:${await freePort()}/webhooks`;
    expect((await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey, body: { url } })).status).toBe(201);
    const chargeId = await createCharge(gw, shop, 'TRIGAL-1', 18_000);
    await approveCharge(gw, chargeId);
    const [delivery] = await untilDeliveries(gw, shop.merchantId, 'pendiente', 1);
    const waiting = await untilAttempted(delivery!.id);
    const due = new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })
      .format(new Date(waiting));

    await page.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await page.getByRole('cell').getByText(`Próximo intento: ${due}`).waitFor();
    await page.goto(`${gw.publicUrl}/portal/pagos/${chargeId}`);
    await page.getByRole('cell').getByText(`Próximo intento: ${due}`).waitFor();
  });

  /** The delivery's next attempt once its first one failed (the operator's list: `proximoIntentoEn`). */
  async function untilAttempted(deliveryId: string): Promise<string> {
    const found = await waitUntil(
      async () => (await deliveries(gw, shop.merchantId, 'pendiente')).find((d) => d.id === deliveryId),
      (d) => d !== undefined && d.intentos.length === 1 && d.proximoIntentoEn !== null,
    );
    return found!.proximoIntentoEn as string;
  }

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
