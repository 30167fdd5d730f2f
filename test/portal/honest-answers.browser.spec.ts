// What the portal says after a click is what happened, in a real headless Chromium, on the paths a shop's staff
// take without thinking: "Reenviar" on a notice while the shop has no active webhook endpoint (nothing can be sent),
// Back to the confirmation of a removal already made, a colleague's link opened before ever signing in, and the last
// administrator's refusal while another administrator has not accepted the invitation yet.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser, signInToPortal } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { untilDeliveries } from '../webhooks/support/webhooks.js';
import { createCharge } from './charges-fixture.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

describe('the portal says what a click did', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let admin: Page;
  const contexts: BrowserContext[] = [];
  const receivers: Receiver[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota' });
    context.setDefaultTimeout(10_000);
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Droguería La Sexta' });
    admin = await newPage();
    await acceptInvitationInPortal(admin, gw.publicUrl, await operatorInvites(gw, shop.merchantId, 'gloria@lasexta.co', 'Gloria'), STRONG_PASSWORD);
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await Promise.all(receivers.map((r) => r.close()));
    await browser?.close();
    await gw?.close();
  });

  it('"Reenviar" with no active endpoint says the notice did not go out and why; once registered, it goes', async () => {
    const chargeId = await createCharge(gw, shop, 'SEXTA-1', 23_500);
    await approveCharge(gw, chargeId);
    const [delivery] = await untilDeliveries(gw, shop.merchantId, 'sin_endpoint', 1);

    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByRole('button', { name: /^Reenviar/ }).click();
    await admin.getByRole('alert').filter({ hasText: 'No salió' }).waitFor();
    expect(await admin.getByRole('alert').textContent()).toContain('no hay un endpoint activo');
    expect(await admin.locator('main').textContent()).not.toContain('Reenviamos');

    // The same from the charge's own page.
    await admin.goto(`${gw.publicUrl}/portal/pagos/${chargeId}`);
    await admin.locator('section[aria-labelledby=avisos]').getByRole('button', { name: /^Reenviar/ }).click();
    await admin.getByRole('alert').filter({ hasText: 'No salió' }).waitFor();
    expect(new URL(admin.url()).pathname).toBe(`/portal/pagos/${chargeId}`);

    // Registered, the same button sends it: the notice says so and the shop's server gets it.
    const receiver = await Receiver.start();
    receivers.push(receiver);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByLabel('URL del endpoint').fill(receiver.url);
    await admin.getByRole('button', { name: 'Registrar endpoint' }).click();
    receiver.secret = ((await admin.locator('textarea.secret').textContent()) ?? '').trim();
    await admin.getByRole('link', { name: 'Ya lo guardé, continuar' }).click();
    await admin.getByRole('button', { name: /^Reenviar/ }).click();
    await admin.getByText('Reenviamos el aviso: su primer intento sale ya.').waitFor();
    await untilDeliveries(gw, shop.merchantId, 'entregada', 1);
    expect(receiver.accepted.map((r) => r.headers['svc-delivery-id'])).toEqual([delivery!.id]);
  });

  it('a link to a charge opened before ever signing in asks to sign in without saying a session ended, then shows it', async () => {
    const chargeId = await createCharge(gw, shop, 'SEXTA-2', 12_000);
    const colleague = await newPage();
    await colleague.goto(`${gw.publicUrl}/portal/pagos/${chargeId}`);
    await colleague.getByRole('heading', { name: 'Ingresa al portal' }).waitFor();
    expect(await colleague.locator('main').textContent()).not.toContain('Tu sesión terminó');
    await colleague.getByLabel('Correo electrónico').fill('gloria@lasexta.co');
    await colleague.getByLabel('Contraseña').fill(STRONG_PASSWORD);
    await colleague.getByRole('button', { name: 'Ingresar' }).click();
    await colleague.getByRole('heading', { name: /Pago SEXTA-2/ }).waitFor();

    // A session that did end (closed from another device) still says so.
    const other = await newPage();
    await signInToPortal(other, gw.publicUrl, 'gloria@lasexta.co', STRONG_PASSWORD);
    await other.goto(`${gw.publicUrl}/portal/sesiones`);
    await other.getByRole('button', { name: 'Cerrar todas las demás sesiones' }).click();
    await other.getByRole('heading', { name: 'Tus sesiones abiertas' }).waitFor();
    await colleague.reload();
    await colleague.getByText('Tu sesión terminó. Ingresa de nuevo para continuar.').waitFor();
    // That closed the administrator's tab too: signed in again for what follows.
    await signInToPortal(admin, gw.publicUrl, 'gloria@lasexta.co', STRONG_PASSWORD);
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
  });

  it('Back to the confirmation of a removal already made: Personas says the person had no access any more', async () => {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'temporal@lasexta.co', nombre: 'Temporal', rol: 'lectura' } });
    expect(invited.status).toBe(201);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await admin.getByRole('link', { name: 'Quitar acceso de Temporal' }).click();
    await admin.getByRole('button', { name: 'Sí, quitar el acceso' }).click();
    await admin.getByText('Quitamos el acceso.').waitFor();

    await admin.goBack();
    await admin.getByText('Esa persona ya no tenía acceso').waitFor();
    expect(new URL(admin.url()).pathname).toBe('/portal/configuracion/personas');
    expect(await admin.getByRole('heading', { name: 'No encontramos esa página' }).count()).toBe(0);
  });

  it('the last administrator who can sign in is told why an invited administrator does not count yet', async () => {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'socio@lasexta.co', nombre: 'Socio', rol: 'administrador' } });
    expect(invited.status).toBe(201);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    const own = admin.locator('tr', { hasText: 'gloria@lasexta.co' });
    await own.getByRole('combobox').selectOption('lectura');
    await own.getByRole('button', { name: /^Cambiar rol/ }).click();
    await admin.getByText('El comercio debe conservar al menos un administrador').waitFor();
    // Socio is listed as Administrador: the page says why that is not enough.
    expect(await admin.locator('main').textContent()).toContain('quien tiene una invitación sin aceptar aún no cuenta');

    const people = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body as { id: string; email: string; rol: string }[];
    const gloria = people.find((p) => p.email === 'gloria@lasexta.co')!;
    expect(gloria.rol).toBe('administrador');
    const refused = await http('DELETE', `${gw.publicUrl}/v1/personas/${gloria.id}`, { token: shop.apiKey });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'last_administrator', message: expect.stringContaining('once the invitation is accepted') });
  });
});
