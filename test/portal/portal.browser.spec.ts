// A shop's staff use the portal in a real headless Chromium: the first administrator accepts the operator's
// invitation and signs in, a wrong password, registering the site, inviting a read-only colleague who then cannot
// change anything, the charges list filtered and paged, and the Resumen chart from real charges.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInToPortal } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge, recordRefund } from '../support/outcomes.js';
import { createCharge, MovableClock, seedCharges, type SeededCharge } from './charges-fixture.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';
import { screenshot } from './screenshots.js';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const READER_PASSWORD = 'solo miro los pagos 2026';

describe('the portal in the browser', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let charges: SeededCharge[];
  const contexts: BrowserContext[] = [];

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    return context.newPage();
  }

  const signIn = (page: Page, email: string, password: string): Promise<void> => signInToPortal(page, gw.publicUrl, email, password);

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({}, clock), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Café La Esquina' });
    charges = await seedCharges(gw, shop, clock, 25);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  let admin: Page;

  it('the first administrator accepts the invitation, chooses a password and lands signed in', async () => {
    const invitation = await operatorInvites(gw, shop.merchantId, 'ana@cafe.co', 'Ana Gómez');
    admin = await newPage();
    await admin.goto(`${gw.publicUrl}${invitation}`);
    await admin.getByRole('heading', { name: 'Hola, Ana Gómez' }).waitFor();
    await admin.getByLabel('Contraseña nueva').fill(STRONG_PASSWORD);
    await admin.getByLabel('Repite la contraseña').fill(STRONG_PASSWORD);
    await screenshot(admin, 'invitacion');
    await admin.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(await admin.getByRole('status').first().textContent()).toContain('¡Listo, Ana Gómez!');
    expect(await admin.locator('header .shop').textContent()).toBe('Café La Esquina');

    // The link served once: opened again, it no longer sets a password.
    const again = await newPage();
    await again.goto(`${gw.publicUrl}${invitation}`);
    await again.getByRole('heading', { name: 'Este enlace de invitación no sirve' }).waitFor();
  });

  it('a wrong password is refused with a clear message; the right one signs in', async () => {
    await admin.getByRole('button', { name: 'Salir' }).click();
    await admin.getByText('Cerraste tu sesión.').waitFor();
    await signIn(admin, 'ana@cafe.co', 'no es mi contraseña');
    const alert = admin.getByRole('alert');
    expect(await alert.textContent()).toContain('El correo o la contraseña no coinciden');
    expect(await admin.getByLabel('Correo electrónico').inputValue()).toBe('ana@cafe.co');
    await screenshot(admin, 'ingresar-error');
    await admin.getByLabel('Contraseña').fill(STRONG_PASSWORD);
    await admin.getByRole('button', { name: 'Ingresar' }).click();
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
  });

  it('registers the site and return page; the page then says who changed it and when', async () => {
    const bookshop = await onboardMerchant(gw, { nombre: 'Librería Nueva', register: false });
    const owner = await newPage();
    await owner.goto(`${gw.publicUrl}${await operatorInvites(gw, bookshop.merchantId, 'rosa@libreria.co', 'Rosa Díaz')}`);
    await owner.getByLabel('Contraseña nueva').fill(STRONG_PASSWORD);
    await owner.getByLabel('Repite la contraseña').fill(STRONG_PASSWORD);
    await owner.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await owner.getByRole('link', { name: 'Configuración' }).click();
    await owner.getByText('Aún no has registrado tu sitio web').waitFor();

    await owner.getByRole('textbox', { name: 'Sitio web' }).fill('https://libreria-nueva.co');
    await owner.getByRole('textbox', { name: 'Página de retorno' }).fill('http://libreria-nueva.co/gracias');
    await owner.getByRole('button', { name: 'Guardar' }).click();
    await owner.getByRole('alert').waitFor();
    expect(await owner.locator('#campo-urlRetorno-error').textContent()).toContain('Debe empezar por https://');
    await screenshot(owner, 'sitio-error');
    await owner.getByRole('textbox', { name: 'Página de retorno' }).fill('https://pagos.libreria-nueva.co/gracias');
    await owner.getByRole('button', { name: 'Guardar' }).click();
    await owner.getByText('Guardamos el sitio web y la página de retorno.').waitFor();
    expect(await owner.locator('dl.facts').textContent()).toContain('por Rosa Díaz');
    await screenshot(owner, 'sitio');

    // The same command as the API: the API reads the change with the person as its author.
    const registration = await http('GET', `${gw.publicUrl}/v1/merchants/me/registro-web`, { token: bookshop.apiKey });
    expect(registration.body).toMatchObject({ sitioWeb: 'https://libreria-nueva.co', urlRetorno: 'https://pagos.libreria-nueva.co/gracias' });
    expect(registration.body.actualizadoPor.type).toBe('person');
  });

  it('invites a read-only colleague, who sees the pages without the controls and whose forged post is refused', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await admin.getByLabel('Nombre').fill('Luis Pérez');
    await admin.getByLabel('Correo electrónico').fill('luis@cafe.co');
    await admin.getByLabel(/Solo lectura/).check();
    await admin.getByRole('button', { name: 'Invitar' }).click();
    const link = (await admin.locator('#enlace-invitacion').textContent())?.trim() ?? '';
    expect(link).toMatch(/\/portal\/invitacion\/[A-Za-z0-9_-]{43}$/);
    await screenshot(admin, 'personas-invitacion');
    await admin.getByRole('link', { name: 'Listo, volver a Personas' }).click();
    await admin.getByRole('cell', { name: 'Luis Pérez', exact: true }).waitFor();
    expect(await admin.locator('body').textContent()).not.toContain(link);
    await screenshot(admin, 'personas');

    const reader = await newPage(PHONE);
    await reader.goto(link);
    await reader.getByLabel('Contraseña nueva').fill(READER_PASSWORD);
    await reader.getByLabel('Repite la contraseña').fill(READER_PASSWORD);
    await reader.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await reader.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(await reader.getByRole('note').textContent()).toContain('solo lectura');

    for (const path of ['/portal/configuracion/sitio', '/portal/configuracion/personas']) {
      await reader.goto(`${gw.publicUrl}${path}`);
      // The only form a reader gets is signing out.
      expect(await reader.locator('main form').count()).toBe(0);
      expect(await reader.locator('main button').count()).toBe(0);
    }
    expect(await reader.locator('main').textContent()).toContain('Ana Gómez');
    await screenshot(reader, 'solo-lectura');

    const before = await gw.infra.dataSource.query('SELECT sitio_web, actualizado_en FROM web_registrations WHERE merchant_id = $1', [shop.merchantId]);
    const csrf = await reader.locator('input[name=csrf]').first().inputValue();
    const forged = await reader.request.post(`${gw.publicUrl}/portal/configuracion/sitio`, {
      form: { csrf, sitioWeb: 'https://otro-sitio.co', urlRetorno: 'https://otro-sitio.co/gracias' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain('Tu acceso es de solo lectura');
    const invite = await reader.request.post(`${gw.publicUrl}/portal/configuracion/personas`, {
      form: { csrf, nombre: 'Intrusa', email: 'intrusa@cafe.co', rol: 'administrador' },
      maxRedirects: 0,
    });
    expect(invite.status()).toBe(403);
    const after = await gw.infra.dataSource.query('SELECT sitio_web, actualizado_en FROM web_registrations WHERE merchant_id = $1', [shop.merchantId]);
    expect(after).toEqual(before);
    const people = await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey });
    expect(people.body.map((p: { email: string }) => p.email)).not.toContain('intrusa@cafe.co');
  });

  it('lists charges newest first in pages of 20, filters them by state, reference and dates, and opens one', async () => {
    await admin.goto(`${gw.publicUrl}/portal/pagos`);
    const rows = admin.locator('tbody tr');
    expect(await rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain(charges[24]!.referencia);
    await screenshot(admin, 'pagos');
    await admin.getByRole('link', { name: 'Página siguiente →' }).click();
    await admin.getByRole('link', { name: '← Primera página' }).waitFor();
    expect(await rows.count()).toBe(5);
    expect(await rows.last().textContent()).toContain(charges[0]!.referencia);
    expect(await admin.getByRole('link', { name: 'Página siguiente →' }).count()).toBe(0);

    await admin.getByLabel('Estado').selectOption({ label: 'Fallido' });
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    await admin.waitForURL(/estado=fallido/);
    const failed = charges.filter((c) => c.estado === 'fallido');
    expect(await rows.count()).toBe(failed.length);
    for (const text of await rows.allTextContents()) expect(text).toContain('Fallido');

    await admin.getByRole('link', { name: 'Quitar filtros' }).click();
    await admin.getByLabel('Referencia').fill('PED-1004');
    await admin.getByRole('button', { name: 'Filtrar' }).click();
    await admin.waitForURL(/referencia=PED-1004/);
    expect(await rows.count()).toBe(1);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    await admin.goto(`${gw.publicUrl}/portal/pagos?desde=${today}&hasta=${today}`);
    expect(await rows.count()).toBe(charges.filter((c) => c.daysAgo === 0).length);

    // A bookmarked link with a day the calendar does not have: the filters say so (it was read as 2 March).
    const impossible = await admin.goto(`${gw.publicUrl}/portal/pagos?hasta=2026-02-30`);
    expect(impossible?.status()).toBe(400);
    expect(await admin.getByRole('alert').textContent()).toContain('Revisa los filtros');
    expect(await admin.getByRole('link', { name: /La fecha "hasta" no es una fecha del calendario/ }).getAttribute('href')).toBe('#campo-hasta');
    expect(await admin.getByLabel('Hasta').getAttribute('aria-invalid')).toBe('true');
    expect(await rows.count()).toBe(0);

    const approved = charges.find((c) => c.estado === 'aprobado')!;
    await admin.goto(`${gw.publicUrl}/portal/pagos?referencia=${approved.referencia}`);
    await admin.getByRole('link', { name: approved.referencia }).click();
    await admin.getByRole('heading', { name: `Pago ${approved.referencia} Aprobado` }).waitFor();
    const timeline = await admin.locator('ol.timeline').textContent();
    expect(timeline).toContain('Cobro creado por');
    expect(timeline).toContain('Pago aprobado (tarjeta)');
    // The shop has no webhook: the delivery below is "Sin endpoint", and the history no longer says it was sent.
    expect(await admin.locator('section[aria-labelledby=avisos]').textContent()).toContain('Sin endpoint');
    expect(timeline).not.toContain('Se notificó');
    expect(timeline).toContain('No se envió payment.completed: tu comercio no tiene un webhook registrado.');
    expect(await admin.locator('ol.timeline').getByRole('link', { name: 'Configuración › Webhook' }).getAttribute('href')).toBe('/portal/configuracion/webhook');
    expect(timeline).toContain(`la integración (clave de API …${shop.apiKey.slice(-4)})`);
    expect(await admin.locator('section[aria-labelledby=liquidacion]').textContent()).toContain('Para tu comercio');
    await screenshot(admin, 'pago-detalle');

    const phone = await newPage(PHONE);
    await signIn(phone, 'ana@cafe.co', STRONG_PASSWORD);
    await phone.goto(`${gw.publicUrl}/portal/pagos`);
    await screenshot(phone, 'pagos-movil');
    await admin.goto(`${gw.publicUrl}/portal/sesiones`);
    expect(await admin.locator('tbody tr').count()).toBe(2);
    await screenshot(admin, 'sesiones');
  });

  it('draws the approved amount per day from the real charges, with totals per state', async () => {
    await admin.goto(`${gw.publicUrl}/portal/resumen?dias=7`);
    const approved = charges.filter((c) => c.estado === 'aprobado');
    const total = approved.reduce((sum, c) => sum + c.monto, 0);
    const pesos = (n: number) => new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 }).format(n);
    expect(await admin.locator('.tile').first().textContent()).toContain(pesos(total));
    const bars = admin.locator('svg rect.bar');
    expect(await bars.count()).toBe(7);
    const heights = await bars.evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('height'))));
    const perDay = [6, 5, 4, 3, 2, 1, 0].map((d) => approved.filter((c) => c.daysAgo === d).reduce((s, c) => s + c.monto, 0));
    // Taller where more was approved, flat where nothing was.
    perDay.forEach((amount, i) => (amount === 0 ? expect(heights[i]).toBe(0) : expect(heights[i]).toBeGreaterThan(0)));
    const biggest = perDay.indexOf(Math.max(...perDay));
    expect(Math.max(...heights)).toBe(heights[biggest]);
    const titles = await admin.locator('svg rect.bar title').allTextContents();
    expect(titles[biggest]).toContain(pesos(perDay[biggest]!));
    await screenshot(admin, 'resumen');
  });

  it('a refunded charge says what became of its payout: cancelled when refunded before the payout day, taken from the next one after; its net is what is reversed', async () => {
    const liquidacion = admin.locator('section[aria-labelledby=liquidacion]');
    // Approved on Friday 13 November 2026 (Bogota), paid on Tuesday 17 (Monday 16 is a holiday).
    const early = await createCharge(gw, shop, 'REEMB-ANTES', 30_000);
    await approveCharge(gw, early, { at: new Date('2026-11-13T15:00:00Z') });
    await recordRefund(gw, early, new Date('2026-11-13T20:00:00Z'));
    await admin.goto(`${gw.publicUrl}/portal/pagos/${early}`);
    expect(await liquidacion.textContent()).toContain('Revertida');
    expect(await liquidacion.textContent()).toContain('reembolsado antes del día de pago: esta liquidación se canceló y no se te pagará');
    expect(await liquidacion.textContent()).not.toContain('siguiente liquidación');
    expect(await liquidacion.textContent()).toContain('martes, 17 de noviembre de 2026');
    // The last line is what is reversed, not money still on its way to the shop ("Para tu comercio" under "no se te pagará").
    expect(await liquidacion.locator('tfoot th').textContent()).toMatch(/^Se revierte/);
    expect(await liquidacion.textContent()).not.toContain('Para tu comercio');

    const late = await createCharge(gw, shop, 'REEMB-DESPUES', 40_000);
    await approveCharge(gw, late, { at: new Date('2026-11-13T15:00:00Z') });
    await recordRefund(gw, late, new Date('2026-11-19T15:00:00Z'));
    await admin.goto(`${gw.publicUrl}/portal/pagos/${late}`);
    expect(await liquidacion.textContent()).toContain('reembolsado después de pagarse: se descuenta de tu siguiente liquidación');
    expect(await liquidacion.locator('tfoot th').textContent()).toMatch(/^Se revierte/);
    // Its approval's notice, once listed, is re-sent as it was (an approval): the page says so beside "Reenviar".
    const avisos = admin.locator('section[aria-labelledby=avisos]');
    await waitUntil(
      async () => {
        await admin.reload();
        return avisos.textContent();
      },
      (text) => text?.includes('payment.completed') === true,
    );
    expect(await avisos.textContent()).toContain('Este pago ya se reembolsó. Si reenvías payment.completed, tu servidor lo recibe tal como se envió al aprobarse');
    await admin.goto(`${gw.publicUrl}/portal/pagos/${charges.find((c) => c.estado === 'aprobado')!.id}`);
    await waitUntil(
      async () => {
        await admin.reload();
        return avisos.textContent();
      },
      (text) => text?.includes('payment.completed') === true,
    );
    expect(await avisos.textContent()).not.toContain('ya se reembolsó');
    await admin.goto(`${gw.publicUrl}/portal/pagos/${late}`);
    await screenshot(admin, 'pago-reembolsado');
  });
});
