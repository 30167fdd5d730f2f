// The portal's Spanish as a Colombian merchant reads it, in a real headless Chromium: counts agree with their noun,
// a time that ends a sentence has one full stop, people are written of without assuming a gender, a role and an API
// key are named the same on every page, dates are written as dates, and the password rule says what it checks.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './charges-fixture.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';

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
    await acceptInvitationInPortal(page, gw.publicUrl, invitation, password);
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

  it('one approved charge is "1 pago aprobado o conciliado"; the sessions page says "1 hora"', async () => {
    const id = await createCharge(gw, shop, 'UNO-1', 25_000);
    await approveCharge(gw, id);
    const until = Date.now() + 10_000;
    do {
      await admin.goto(`${gw.publicUrl}/portal/resumen?dias=7`);
    } while (!(await text(admin, '.tile')).includes('$\u00a025.000') && Date.now() < until);
    const approvedTile = await text(admin, '.tile');
    expect(approvedTile).toContain('1 pago aprobado o conciliado');
    expect(approvedTile).not.toContain('aprobados');
    await admin.goto(`${gw.publicUrl}/portal/sesiones`);
    expect(await text(admin, '.lead')).toContain('o 1 hora después de ingresar');
  });

  it('a shop whose name ends with a full stop (S.A.S.): one full stop after it, not "S.A.S..", on the welcome and the new-password page', async () => {
    const company = await onboardMerchant(gw, { nombre: 'Repuestos El Valle S.A.S.' });
    const page = await acceptAs(await operatorInvites(gw, company.merchantId, 'marta@repuestos.co', 'Marta'), STRONG_PASSWORD);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    const welcome = await text(page, '.notice');
    expect(welcome).toContain('¡Listo, Marta! Ya tienes acceso al portal de Repuestos El Valle S.A.S.');
    expect(welcome).not.toContain('S.A.S..');

    // A colleague there who forgot the password opens the link for a new one: the page names the shop the same way.
    await acceptInvitation(gw, await operatorInvites(gw, company.merchantId, 'pablo@repuestos.co', 'Pablo'), 'repuestos para todo el valle');
    await page.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await page.getByRole('button', { name: 'Enlace para nueva contraseña de Pablo' }).click();
    const link = (await page.locator('#enlace-restablecer').textContent())?.trim() ?? '';
    const pablo = await browser.newPage();
    await pablo.goto(link);
    const reset = await text(pablo);
    await pablo.close();
    expect(reset).toContain('Elige una contraseña nueva para el portal de Repuestos El Valle S.A.S. Al guardarla');
  });

  let luisInvitation = '';

  it('an invitation ends its time with one full stop, and Luis is "Invitación enviada", not "Invitada"', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await admin.getByLabel('Nombre').fill('Luis Peña');
    await admin.getByLabel('Correo electrónico').fill('luis@tienda.co');
    await admin.getByLabel(/Solo lectura/).check();
    await admin.getByRole('button', { name: 'Invitar' }).click();
    luisInvitation = new URL((await admin.locator('#enlace-invitacion').textContent())?.trim() ?? '').pathname;
    const notice = await text(admin, '[role=status]');
    expect(notice).toMatch(/Vale hasta: \d+ de \S+ de \d{4}, \d+:\d{2} [ap]\.\s?m\. Quien lo abra/);
    expect(notice).not.toContain('m..');
    expect(notice).toContain('envíalo solo a esa persona');
    await admin.getByRole('link', { name: 'Listo, volver a Personas' }).click();
    const estado = (name: RegExp) => admin.getByRole('row', { name }).locator('td[data-label=Estado]').textContent();
    expect(await estado(/Luis Peña/)).toBe('Invitación enviada');
    expect(await estado(/Ana Gómez/)).toBe('Con acceso');
    expect(await text(admin, 'table')).not.toMatch(/Invitada|Activa/);

    await admin.getByRole('link', { name: 'Quitar acceso de Luis Peña' }).click();
    const removal = await text(admin);
    expect(removal).toContain('Podrás enviarle otra invitación cuando quieras.');
    expect(removal).not.toContain('invitarla');
    await admin.getByRole('link', { name: 'No, volver' }).click();
  });

  it('a link for a new password ends its time with one full stop too', async () => {
    await acceptInvitation(gw, luisInvitation, 'lee los pagos cada mañana');
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await admin.getByRole('button', { name: 'Enlace para nueva contraseña de Luis Peña' }).click();
    const notice = await text(admin, '[role=status]');
    expect(notice).toMatch(/Vale una sola vez, hasta: \d+ de \S+ de \d{4}, \d+:\d{2} [ap]\.\s?m\. Quien lo abra/);
    expect(notice).not.toContain('m..');
    expect(notice).toContain('envíalo solo a esa persona');
  });

  it('the history names roles as every other page does: "Solo lectura", not "lectura"', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await admin.getByLabel('Rol de Luis Peña').selectOption({ label: 'Administrador' });
    await admin.getByRole('button', { name: 'Cambiar rol de Luis Peña' }).click();
    await admin.getByText('Cambiamos el rol.').waitFor();
    await admin.getByRole('link', { name: 'Historial de cambios' }).click();
    const history = await text(admin, 'ol.cambios');
    expect(history).toContain('Rol de luis@tienda.co: Solo lectura → Administrador');
    expect(history).toContain('Invitación a luis@tienda.co con el rol Solo lectura');
    expect(history).not.toMatch(/como lectura|→ lectura|: lectura/);
  });

  it('an API key is named the same way on the site page, in the history and on a charge', async () => {
    const lastFour = shop.apiKey.slice(-4);
    const key = `la integración (clave de API …${lastFour})`;
    const put = await http('PUT', `${gw.publicUrl}/v1/merchants/me/registro-web`, {
      token: shop.apiKey,
      body: { sitioWeb: 'https://donpedro.co', urlRetorno: 'https://donpedro.co/gracias' },
    });
    expect(put.status).toBe(200);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/sitio`);
    expect(await text(admin, 'dl.facts')).toContain(`por ${key}`);
    await admin.goto(`${gw.publicUrl}/portal/configuracion/historial`);
    expect(await text(admin, 'ol.cambios > li:first-child')).toContain(`por ${key}`);
    expect(await text(admin, 'ol.cambios')).not.toContain('Clave de API');
    const id = await createCharge(gw, shop, 'CLAVE-1', 12_000);
    await admin.goto(`${gw.publicUrl}/portal/pagos/${id}`);
    expect(await text(admin, 'ol.timeline')).toContain(key);
  });

  it('a reconciled charge shows its value date as a date, not 2026-11-20', async () => {
    const id = await createCharge(gw, shop, 'CONCILIA-1', 48_000);
    const reference = await approveCharge(gw, id, { method: 'pse' });
    const until = Date.now() + 10_000;
    for (;;) {
      const rows = await gw.infra.dataSource.query('SELECT 1 FROM provider_references WHERE referencia_proveedor = $1', [reference]);
      if (rows.length > 0 || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const reporte = ['referencia_proveedor,monto,fecha', `${reference},48000,2026-11-20`, ''].join('\n');
    const imported = await http('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: gw.operatorToken, body: { reporte } });
    expect(imported.body.conciliados).toHaveLength(1);
    await admin.goto(`${gw.publicUrl}/portal/pagos/${id}`);
    const timeline = await text(admin, 'ol.timeline');
    expect(timeline).toContain('Fecha valor 20 de nov de 2026');
    expect(timeline).not.toContain('2026-11-20');
  });

  it('a password with the part of the email before the @ is refused with a message that says so', async () => {
    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'pedro@tienda.co', nombre: 'Pedro', rol: 'administrador' } });
    const pedro = await acceptAs(new URL(invited.body.invitacion.url).pathname, 'pedro administra tambien');
    const error = await text(pedro, '#campo-password-error');
    expect(error).toContain('La contraseña no puede contener tu correo ni la parte antes de la @.');
  });
});
