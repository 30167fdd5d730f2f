// Configuración › Historial de cambios in a real headless Chromium: an administrator finds who changed what (a
// person in the portal, the API key, the operator), times in Bogota, and pages with "Ver más"; a read-only person
// reads the same page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { MovableClock } from './charges-fixture.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';
import { screenshot } from './screenshots.js';

/** "3:07" of an instant in America/Bogota (UTC-5 all year), as the page writes the hour. */
function bogotaClock(iso: string): string {
  const at = new Date(iso);
  const hour = (at.getUTCHours() + 19) % 24;
  return `${hour % 12 || 12}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

describe('the settings history in the browser', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  const contexts: BrowserContext[] = [];

  async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    return context.newPage();
  }

  const api = async (method: string, path: string, body?: unknown): Promise<void> => {
    clock.advance(1000);
    const answer = await http(method, `${gw.publicUrl}${path}`, { token: shop.apiKey, body });
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  };

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({}, clock), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Panadería Central' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  let admin: Page;

  it('an administrator opens Configuración › Historial de cambios and sees who changed what, newest first', async () => {
    clock.advance(1000);
    admin = await newPage();
    await admin.goto(`${gw.publicUrl}${await operatorInvites(gw, shop.merchantId, 'ana@pan.co', 'Ana Gómez')}`);
    await admin.getByLabel('Contraseña nueva').fill(STRONG_PASSWORD);
    await admin.getByLabel('Repite la contraseña').fill(STRONG_PASSWORD);
    await admin.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();

    await api('POST', '/v1/webhook-endpoint', { url: 'https://hooks.pan.co/avisos' });
    clock.advance(1000);
    const own = await http('PUT', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/checkout-propio`, { token: gw.operatorToken, body: { habilitado: true } });
    expect(own.status).toBe(200);
    clock.advance(1000);
    await admin.getByRole('link', { name: 'Configuración' }).click();
    await admin.getByRole('textbox', { name: 'Sitio web' }).fill('https://panaderia-central.co');
    await admin.getByRole('textbox', { name: 'Página de retorno' }).fill('https://panaderia-central.co/gracias');
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Guardamos el sitio web y la página de retorno.').waitFor();

    await admin.getByRole('link', { name: 'Historial de cambios' }).click();
    await admin.getByRole('heading', { name: 'Historial de cambios' }).waitFor();
    expect(await admin.getByRole('link', { name: 'Historial de cambios' }).getAttribute('aria-current')).toBe('page');
    const items = admin.locator('ol.cambios > li');
    const texts = (await items.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts).toHaveLength(6);
    expect(texts[0]).toContain('Sitio web: https://tienda.example.co → https://panaderia-central.co');
    expect(texts[0]).toContain('por Ana Gómez');
    expect(texts[1]).toContain('Checkout propio habilitado');
    expect(texts[1]).toContain('por el equipo de Pasarela');
    expect(texts[2]).toContain('Webhook registrado: https://hooks.pan.co/avisos');
    expect(texts[2]).toContain(`por la integración (clave de API …${shop.apiKey.slice(-4)})`);
    expect(texts[3]).toContain('ana@pan.co aceptó la invitación');
    expect(texts[4]).toContain('Invitación a ana@pan.co con el rol Administrador');
    expect(texts[4]).toContain('por el equipo de Pasarela');
    expect(texts[5]).toContain('Sitio web registrado: https://tienda.example.co');
    const when = await items.first().locator('time').getAttribute('datetime');
    expect(await items.first().locator('time').textContent()).toContain(bogotaClock(when ?? ''));
    expect(await admin.getByRole('link', { name: 'Ver más' }).count()).toBe(0);
    await screenshot(admin, 'historial');
  });

  it('pages with "Ver más" when there are more than 20 changes, without repeats', async () => {
    for (let i = 1; i <= 18; i += 1) {
      await api('PUT', '/v1/merchants/me/registro-web', { sitioWeb: `https://p${i}.pan.co`, urlRetorno: `https://p${i}.pan.co/ok` });
    }
    await admin.goto(`${gw.publicUrl}/portal/configuracion/historial`);
    const items = admin.locator('ol.cambios > li');
    expect(await items.count()).toBe(20);
    const first = await items.allTextContents();
    expect(first[0]).toContain('https://p17.pan.co → https://p18.pan.co');
    await admin.getByRole('link', { name: 'Ver más' }).click();
    await admin.getByRole('link', { name: '← Más recientes' }).waitFor();
    const second = await items.allTextContents();
    expect(second).toHaveLength(4);
    expect(second.join(' ')).toContain('Sitio web registrado: https://tienda.example.co');
    expect(second.some((text) => first.includes(text))).toBe(false);
    expect(await admin.getByRole('link', { name: 'Ver más' }).count()).toBe(0);

    const phone = await newPage({ width: 390, height: 844 });
    await phone.context().addCookies(await admin.context().cookies());
    await phone.goto(`${gw.publicUrl}/portal/configuracion/historial`);
    const width = await phone.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'historial-movil');
  });

  it('a read-only person reads the same history; a page link we did not give is refused kindly', async () => {
    clock.advance(1000);
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'luis@pan.co', nombre: 'Luis', rol: 'lectura' } });
    expect(invited.status).toBe(201);
    const reader = await acceptInvitation(gw, new URL(invited.body.invitacion.url).pathname);
    const page = await reader.get('/portal/configuracion/historial');
    expect(page.status).toBe(200);
    expect(page.text).toContain('luis@pan.co aceptó la invitación');
    expect(page.text).toContain('Invitación a luis@pan.co con el rol Solo lectura');
    expect(page.text).toContain('solo lectura');
    const bad = await reader.get('/portal/configuracion/historial?cursor=otro');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Ese enlace de página ya no sirve');
  });
});
