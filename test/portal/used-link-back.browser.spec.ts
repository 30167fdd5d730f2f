// Back after using an invitation or reset link, in a real headless Chromium: the browser holds the session of the very
// person the link was for, so the used link leads to their Resumen instead of saying it no longer works. Any other
// browser (signed out, or signed in as someone else) still sees that the link does not work.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser, signInToPortal } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const NEW_PASSWORD = 'otra frase para la ferretería';

describe('Back after using a portal link', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Ferretería El Tornillo' });
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'ana@tornillo.co', 'Ana Gómez'));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  it('Back after accepting an invitation shows the Resumen of the person signed in, not "no sirve"', async () => {
    const invitation = await operatorInvites(gw, shop.merchantId, 'beto@tornillo.co', 'Beto Ruiz');
    const beto = await newPage();
    await acceptInvitationInPortal(beto, gw.publicUrl, invitation, STRONG_PASSWORD);
    await beto.getByRole('heading', { name: 'Resumen' }).waitFor();

    await beto.goBack();
    await beto.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(new URL(beto.url()).pathname).toBe('/portal/resumen');
    expect(await beto.getByRole('heading', { name: 'Este enlace de invitación no sirve' }).count()).toBe(0);
    expect(await beto.locator('header .shop').textContent()).toBe('Ferretería El Tornillo');

    // Signed out, or signed in as another person of the shop: the link's own page, as before.
    const stranger = await newPage();
    await stranger.goto(`${gw.publicUrl}${invitation}`);
    await stranger.getByRole('heading', { name: 'Este enlace de invitación no sirve' }).waitFor();
    const ana = await newPage();
    await signInToPortal(ana, gw.publicUrl, 'ana@tornillo.co', STRONG_PASSWORD);
    await ana.getByRole('heading', { name: 'Resumen' }).waitFor();
    await ana.goto(`${gw.publicUrl}${invitation}`);
    await ana.getByRole('heading', { name: 'Este enlace de invitación no sirve' }).waitFor();
  });

  it('Back after choosing a new password with a reset link shows the Resumen too', async () => {
    const ana = await newPage();
    await signInToPortal(ana, gw.publicUrl, 'ana@tornillo.co', STRONG_PASSWORD);
    await ana.getByRole('heading', { name: 'Resumen' }).waitFor();
    await ana.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await ana.getByRole('button', { name: 'Enlace para nueva contraseña de Beto Ruiz' }).click();
    const link = (await ana.locator('#enlace-restablecer').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/portal\/restablecer\//);

    const beto = await newPage();
    await beto.goto(link);
    await beto.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
    await beto.getByLabel('Repite la contraseña').fill(NEW_PASSWORD);
    await beto.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await beto.getByRole('heading', { name: 'Resumen' }).waitFor();

    await beto.goBack();
    await beto.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(new URL(beto.url()).pathname).toBe('/portal/resumen');
    expect(await beto.getByRole('heading', { name: 'Este enlace ya no sirve' }).count()).toBe(0);

    // Ana's browser, another person's session, still sees the link's page.
    await ana.goto(link);
    await ana.getByRole('heading', { name: 'Este enlace ya no sirve' }).waitFor();
  });
});
