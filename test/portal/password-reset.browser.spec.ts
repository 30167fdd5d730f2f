// A person who forgot the password, in a real headless Chromium: an administrador takes a reset link from the
// Personas page, the person opens it, chooses a new password, lands signed in, and signs in again with it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInToPortal } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';
import { screenshot } from './screenshots.js';

const NEW_PASSWORD = 'la nueva frase de la panadería';

describe('password reset in the browser', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    return context.newPage();
  }

  const signIn = (page: Page, email: string, password: string): Promise<void> => signInToPortal(page, gw.publicUrl, email, password);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Panadería Central' });
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'ana@pan.co', 'Ana Gómez'));
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'beto@pan.co', 'Beto Ruiz'));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  it('an administrador issues a link; the person sets a new password with it and reaches the portal', async () => {
    const admin = await newPage();
    await signIn(admin, 'ana@pan.co', STRONG_PASSWORD);
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await screenshot(admin, 'personas-restablecer');
    await admin.getByRole('button', { name: 'Enlace para nueva contraseña de Beto Ruiz' }).click();
    const link = (await admin.locator('#enlace-restablecer').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/portal\/restablecer\//);
    await screenshot(admin, 'restablecer-enlace');

    const beto = await newPage();
    await beto.goto(link);
    await beto.getByRole('heading', { name: 'Hola, Beto Ruiz' }).waitFor();
    await beto.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
    await beto.getByLabel('Repite la contraseña').fill(NEW_PASSWORD);
    await screenshot(beto, 'restablecer');
    await beto.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await beto.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(await beto.locator('header .shop').textContent()).toBe('Panadería Central');
    // The page says the password was saved (it used to be the Resumen with no word of it).
    expect(await beto.getByRole('status').first().textContent()).toContain('Guardamos tu contraseña nueva.');

    await beto.getByRole('button', { name: 'Salir' }).click();
    await beto.getByText('Cerraste tu sesión.').waitFor();
    await signIn(beto, 'beto@pan.co', NEW_PASSWORD);
    await beto.getByRole('heading', { name: 'Resumen' }).waitFor();

    const again = await newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'Este enlace ya no sirve' }).waitFor();
  });
});
