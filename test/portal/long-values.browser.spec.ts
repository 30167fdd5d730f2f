// The longest values the API accepts, on the portal's pages, in a real headless Chromium on a phone and a desktop: a
// referencia of 120 characters with no space (the spec's maximum; order ids joined by dashes or underscores have none),
// a descripcion of 255 characters with no space (a list of SKUs), a long work e-mail address and a shop named by its
// domain. Nothing may be cut off by the frame of a table, and no page may scroll sideways: a referencia that pushed the
// Estado and Monto columns out of the list's frame hid them, the charge's own page was as wide as its h1 (the
// referencia) or its history (the descripcion), and every page as wide as the header's shop name.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from '../checkout/paying.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const SLOW_MS = 120_000;
const LONGEST_REFERENCIA = `PEDIDO_2026-11-24_${'7f3a9c2e'.repeat(13)}`.slice(0, 120);
const LONGEST_DESCRIPCION = `SKU:${'4006381333931'.repeat(20)}`.slice(0, 255);
const LONG_EMAIL = 'notificaciones.facturacion.electronica@distribuidoraelvalle.com.co';

/**
 * What the person cannot read: the page wider than the screen, or an element of `main` reaching past a box that hides
 * what overflows it (a table's rounded frame). Parts shown to screen readers only (clipped) are not on the screen.
 */
const CUT_OFF = `(() => {
  const clipped = (el) => { for (let at = el; at; at = at.parentElement) if (getComputedStyle(at).clip !== 'auto') return true; return false; };
  const cut = [];
  for (const el of document.querySelectorAll('main *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || clipped(el)) continue;
    for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
      if (getComputedStyle(at).overflowX !== 'hidden') continue;
      if (box.right > at.getBoundingClientRect().right + 1) cut.push(el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40));
      break;
    }
  }
  return { pageWidth: document.documentElement.scrollWidth, screenWidth: innerWidth, cut: [...new Set(cut)] };
})()`;

describe('the portal with the longest values', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let chargeId: string;
  let invitations: string[];

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'www.electrodomesticosdelcaribe.com.co' });
    ({ id: chargeId } = await createCharge(gw, shop, { referencia: LONGEST_REFERENCIA, monto: 1_250_000, descripcion: LONGEST_DESCRIPCION }));
    await approveCharge(gw, chargeId);
    await waitUntil(
      () => http('GET', `${gw.publicUrl}/v1/pagos?estado=aprobado`, { token: shop.apiKey }),
      (answer) => answer.body?.data?.length === 1,
    );
    invitations = [
      await operatorInvites(gw, shop.merchantId, LONG_EMAIL, 'María de los Ángeles Fernández'),
      await operatorInvites(gw, shop.merchantId, `otra.${LONG_EMAIL}`, 'Luis Peña'),
    ];
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  for (const [index, viewport] of [{ width: 360, height: 640 }, { width: 1280, height: 800 }].entries()) {
    describe(`${viewport.width} px wide`, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
        page = await context.newPage();
        await acceptInvitationInPortal(page, gw.publicUrl, invitations[index]!, STRONG_PASSWORD);
        await page.getByRole('heading', { name: 'Resumen' }).waitFor();
      }, SLOW_MS);
      afterAll(() => context?.close());

      const readable = async (path: string) => {
        await page.goto(`${gw.publicUrl}${path}`);
        return page.evaluate(CUT_OFF) as Promise<{ pageWidth: number; screenWidth: number; cut: string[] }>;
      };

      it('the welcome names the shop whole, and the page fits the screen', async () => {
        const facts = await readable('/portal/resumen?hecho=bienvenida');
        expect(await page.getByRole('status').innerText()).toContain('www.electrodomesticosdelcaribe.com.co');
        expect(facts.cut).toEqual([]);
        expect(facts.pageWidth).toBeLessThanOrEqual(facts.screenWidth);
      });

      it('Pagos: the referencia wraps, and its Estado and Monto stay inside the table', async () => {
        const facts = await readable('/portal/pagos');
        expect(await page.getByRole('link', { name: LONGEST_REFERENCIA }).isVisible()).toBe(true);
        expect(facts.cut).toEqual([]);
        expect(facts.pageWidth).toBeLessThanOrEqual(facts.screenWidth);
      });

      it("the charge's page fits the screen, its heading, referencia and descripcion wrapped", async () => {
        const facts = await readable(`/portal/pagos/${chargeId}`);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(LONGEST_REFERENCIA);
        expect(await page.locator('ol.timeline').innerText()).toContain(LONGEST_DESCRIPCION);
        expect(facts.cut).toEqual([]);
        expect(facts.pageWidth).toBeLessThanOrEqual(facts.screenWidth);
      });

      it('Personas: a long address wraps inside its row', async () => {
        const facts = await readable('/portal/configuracion/personas');
        expect(facts.cut).toEqual([]);
        expect(facts.pageWidth).toBeLessThanOrEqual(facts.screenWidth);
      });
    });
  }

  it('signing in to one of two shops with long names: the choice fits a 360 px phone', async () => {
    const other = await onboardMerchant(gw, { nombre: 'www.ferreteriayconstruccionesdelnorte.com.co' });
    await acceptInvitation(gw, await operatorInvites(gw, other.merchantId, LONG_EMAIL, 'María de los Ángeles Fernández'));
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    const page = await context.newPage();
    await page.goto(`${gw.publicUrl}/portal/ingresar`);
    await page.getByLabel('Correo electrónico').fill(LONG_EMAIL);
    await page.getByLabel('Contraseña').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('radio', { name: 'www.ferreteriayconstruccionesdelnorte.com.co' }).waitFor();
    const facts = (await page.evaluate(CUT_OFF)) as { pageWidth: number; screenWidth: number; cut: string[] };
    await context.close();
    expect(facts.cut).toEqual([]);
    expect(facts.pageWidth).toBeLessThanOrEqual(facts.screenWidth);
  }, SLOW_MS);
});
