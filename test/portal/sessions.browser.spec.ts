// A shop's people meet the ends of their sessions in a real Chromium: a form left open while the session expires or
// is closed from another device, a form whose anti-forgery token went stale, Back after signing out, a role lowered
// or access removed while signed in. Each time: a clear way forward, and nothing written by the stale post.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser, signInToPortal } from '../support/browser.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGateway, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { freePort } from '../support/ports.js';
import { DEFAULT_RETURN_URL, DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { MovableClock } from './charges-fixture.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const SITE_PAGE = '/portal/configuracion/sitio';

/** The page's HTML once it stops navigating (the browser's own error page may still be settling). */
async function settledContent(page: Page): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.waitForLoadState();
      return await page.content();
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('portal sessions ending under an open form, in the browser', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
    context.setDefaultTimeout(8_000);
    contexts.push(context);
    return context.newPage();
  }

  const registration = async (): Promise<{ sitioWeb: string; urlRetorno: string }> =>
    (await http('GET', `${gw.publicUrl}/v1/merchants/me/registro-web`, { token: shop.apiKey })).body;

  /** Fills the site form with a new site, as someone who was about to save it. */
  async function fillSite(page: Page, site: string): Promise<void> {
    await page.getByRole('textbox', { name: 'Sitio web' }).fill(site);
    await page.getByRole('textbox', { name: 'Página de retorno' }).fill(`${site}/gracias`);
  }

  /** An administrator invited through the API who accepts in a fresh browser and lands signed in. */
  async function newAdministrator(email: string, nombre: string): Promise<{ id: string; page: Page }> {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email, nombre, rol: 'administrador' } });
    expect(invited.status).toBe(201);
    const page = await newPage();
    await acceptInvitationInPortal(page, gw.publicUrl, new URL(invited.body.invitacion.url).pathname, STRONG_PASSWORD);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    return { id: invited.body.id, page };
  }

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({}, clock), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Ferretería El Tornillo' });
    const first = await newPage();
    await acceptInvitationInPortal(first, gw.publicUrl, await operatorInvites(gw, shop.merchantId, 'dueno@tornillo.co', 'Dueño'), STRONG_PASSWORD);
    await first.getByRole('heading', { name: 'Resumen' }).waitFor();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  it('a session closed from another device while a form is open: sign-in, then back to the form, nothing saved', async () => {
    const { page: desk } = await newAdministrator('caja@tornillo.co', 'Caja');
    await desk.goto(`${gw.publicUrl}${SITE_PAGE}`);
    await fillSite(desk, 'https://robado.example.co');

    // On the phone, the same person closes the desk's session from Sesiones.
    const phone = await newPage();
    await signInToPortal(phone, gw.publicUrl, 'caja@tornillo.co', STRONG_PASSWORD);
    await phone.goto(`${gw.publicUrl}/portal/sesiones`);
    await phone.getByRole('button', { name: /^Cerrar la sesión de/ }).click();
    await phone.getByRole('heading', { name: 'Sesiones' }).waitFor();

    await desk.getByRole('button', { name: 'Guardar' }).click();
    await desk.getByRole('heading', { name: 'Ingresa al portal' }).waitFor();
    expect(await desk.getByRole('status').first().textContent()).toContain('Tu sesión terminó');
    expect(await registration()).toMatchObject({ sitioWeb: DEFAULT_SITE, urlRetorno: DEFAULT_RETURN_URL });

    await desk.getByLabel('Correo electrónico').fill('caja@tornillo.co');
    await desk.getByLabel('Contraseña').fill(STRONG_PASSWORD);
    await desk.getByRole('button', { name: 'Ingresar' }).click();
    await desk.getByRole('heading', { name: 'Sitio web' }).waitFor();
    expect(new URL(desk.url()).pathname).toBe(SITE_PAGE);
    // Back at the form, not re-posted: the site is as it was until the person saves again.
    expect(await registration()).toMatchObject({ sitioWeb: DEFAULT_SITE });
  });

  it('a session that went idle past its limit while a form was open: the same', async () => {
    const { page } = await newAdministrator('bodega@tornillo.co', 'Bodega');
    await page.goto(`${gw.publicUrl}${SITE_PAGE}`);
    await fillSite(page, 'https://tarde.example.co');
    clock.advance(31 * 60_000);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('heading', { name: 'Ingresa al portal' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('Tu sesión terminó');
    await page.getByLabel('Correo electrónico').fill('bodega@tornillo.co');
    await page.getByLabel('Contraseña').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Sitio web' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(SITE_PAGE);
    expect(await registration()).toMatchObject({ sitioWeb: DEFAULT_SITE });
  });

  it('a session used all day ends 12 hours after sign-in however used: a form sent then leads to sign-in and back', async () => {
    const { page } = await newAdministrator('jornada@tornillo.co', 'Jornada');
    // A click every 20 minutes keeps it from going idle, for 11 h 40 min.
    for (let i = 0; i < 35; i += 1) {
      clock.advance(20 * 60_000);
      await page.goto(`${gw.publicUrl}/portal/pagos`);
      await page.getByRole('heading', { name: 'Pagos' }).waitFor();
    }
    await page.goto(`${gw.publicUrl}${SITE_PAGE}`);
    await fillSite(page, 'https://nocturno.example.co');
    clock.advance(21 * 60_000);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('heading', { name: 'Ingresa al portal' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('Tu sesión terminó');
    expect(new URL(page.url()).searchParams.get('volver')).toBe(SITE_PAGE);
    expect(await registration()).toMatchObject({ sitioWeb: DEFAULT_SITE });
  });

  it('a form left open across a sign-out and sign-in: "El formulario venció" with a way back to the form, nothing saved', async () => {
    const { page: tab } = await newAdministrator('mostrador@tornillo.co', 'Mostrador');
    await tab.goto(`${gw.publicUrl}${SITE_PAGE}`);
    await fillSite(tab, 'https://viejo.example.co');
    // Another tab of the same browser signs out and in again: a new session with a new token.
    const other = await tab.context().newPage();
    await other.goto(`${gw.publicUrl}/portal/resumen`);
    await other.getByRole('button', { name: 'Salir' }).click();
    await signInToPortal(other, gw.publicUrl, 'mostrador@tornillo.co', STRONG_PASSWORD);
    await other.getByRole('heading', { name: 'Resumen' }).waitFor();

    await tab.getByRole('button', { name: 'Guardar' }).click();
    await tab.getByRole('heading', { name: 'El formulario venció' }).waitFor();
    expect(await registration()).toMatchObject({ sitioWeb: DEFAULT_SITE });
    await tab.getByRole('link', { name: 'Volver al formulario' }).click();
    await tab.getByRole('heading', { name: 'Sitio web' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe(SITE_PAGE);
  });

  it('signing out, then Back: no page of the shop from the cache; the page asks to sign in', async () => {
    const { page } = await newAdministrator('contador@tornillo.co', 'Contador');
    await page.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await page.getByRole('heading', { name: 'Personas' }).waitFor();
    // The answer to a post too: the invitation's link, shown once.
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Aprendiz');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill('aprendiz@tornillo.co');
    await page.getByRole('button', { name: 'Invitar' }).click();
    await page.getByText('/portal/invitacion/').first().waitFor();
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByText('Cerraste tu sesión.').waitFor();
    // Back to the invitation's answer: the browser will not show a post's answer it did not keep (no-store); its own
    // "confirm resubmission" page, without the link.
    await expect(page.goBack()).rejects.toThrow(/ERR_CACHE_MISS/);
    expect(await settledContent(page)).not.toContain('/portal/invitacion/');
    // Back once more, to Personas: asked of the server again, which sends to sign-in.
    await page.goBack();
    await page.getByRole('heading', { name: 'Ingresa al portal' }).waitFor();
    expect(await page.content()).not.toContain('dueno@tornillo.co');
    expect(new URL(page.url()).searchParams.get('volver')).toBe('/portal/configuracion/personas');
  });

  it('a person lowered to lectura while signed in: the next save is the 403 page; removed: the next click is the sign-in', async () => {
    const { id, page } = await newAdministrator('turno@tornillo.co', 'Turno');
    await page.goto(`${gw.publicUrl}${SITE_PAGE}`);
    await fillSite(page, 'https://degradado.example.co');
    expect((await http('PATCH', `${gw.publicUrl}/v1/personas/${id}`, { token: shop.apiKey, body: { rol: 'lectura' } })).status).toBe(200);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('heading', { name: 'Tu acceso es de solo lectura' }).waitFor();
    expect(await registration()).toMatchObject({ sitioWeb: DEFAULT_SITE });

    await page.goto(`${gw.publicUrl}/portal/pagos`);
    expect((await http('DELETE', `${gw.publicUrl}/v1/personas/${id}`, { token: shop.apiKey })).status).toBe(204);
    await page.getByRole('link', { name: 'Configuración' }).first().click();
    await page.getByRole('heading', { name: 'Ingresa al portal' }).waitFor();
    const open = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM portal_sesiones WHERE persona_id = $1 AND cerrada_en IS NULL', [id]);
    expect(open[0].n).toBe(0);
  });
});

describe('a form left open across a server restart, in the browser', () => {
  let db: TestDatabase;
  let gw: TestGateway | undefined;
  let browser: Browser;

  beforeAll(async () => {
    [db, browser] = await Promise.all([createTestDatabase(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await db?.drop();
  });

  it('sessions and their anti-forgery tokens are rows, not memory: the form still saves, as its person', async () => {
    const port = await freePort();
    gw = await startTestGatewayOn(db.url, { port });
    const shop = await onboardMerchant(gw, { nombre: 'Droguería La Salud' });
    const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
    context.setDefaultTimeout(8_000);
    const page = await context.newPage();
    await acceptInvitationInPortal(page, gw.publicUrl, await operatorInvites(gw, shop.merchantId, 'duena@salud.co', 'Dueña'), STRONG_PASSWORD);
    await page.goto(`${gw.publicUrl}${SITE_PAGE}`);
    await page.getByRole('textbox', { name: 'Sitio web' }).fill('https://salud.example.co');
    await page.getByRole('textbox', { name: 'Página de retorno' }).fill('https://salud.example.co/gracias');

    await gw.close();
    gw = await startTestGatewayOn(db.url, { port });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardamos el sitio web y la página de retorno.').waitFor();
    const saved = await http('GET', `${gw.publicUrl}/v1/merchants/me/registro-web`, { token: shop.apiKey });
    expect(saved.body).toMatchObject({ sitioWeb: 'https://salud.example.co', actualizadoPor: { type: 'person' } });
    await context.close();
  });
});
