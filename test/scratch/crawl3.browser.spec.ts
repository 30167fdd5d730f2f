import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { launchBrowser, acceptInvitationInPortal } from '../support/browser.js';
import { startTestGateway, http, type TestGateway } from '../support/gateway.js';
import { DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge } from '../checkout/paying.js';
import { operatorInvites, STRONG_PASSWORD } from '../portal/portal-client.js';
import { approveCharge, failCharge } from '../support/outcomes.js';

const out: string[] = [];
const log = (s: string) => { out.push(s); };
const FACTS = `(() => {
  const cut = [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); if (!r.width) return false; for (let p = e.parentElement; p; p = p.parentElement) { const s = getComputedStyle(p); if (['auto','scroll'].includes(s.overflowX) || s.clip !== 'auto') return false; } return r.right > innerWidth + 1 || r.left < -1; }).slice(0, 6).map(e => e.tagName + '.' + e.className + ' [' + (e.textContent||'').trim().slice(0,40) + '] right=' + Math.round(e.getBoundingClientRect().right));
  const clipped = [...document.querySelectorAll('body *')].filter(e => { const s = getComputedStyle(e); return (s.overflow === 'hidden' || s.textOverflow === 'ellipsis' || s.overflowX === 'hidden') && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) && e.clientWidth > 0; }).slice(0, 6).map(e => e.tagName + '.' + e.className + ' [' + (e.textContent||'').trim().slice(0,40) + '] sw=' + e.scrollWidth + ' cw=' + e.clientWidth + ' sh=' + e.scrollHeight + ' ch=' + e.clientHeight);
  return { scrollW: document.documentElement.scrollWidth, innerW: innerWidth, cut, clipped };
})()`;
async function visit(page: Page, label: string, url: string | null) {
  const resp = url ? await page.goto(url) : null;
  await page.waitForLoadState('load');
  const f: any = await page.evaluate(FACTS);
  log(`== ${label} ${resp?.status() ?? ''} scrollW=${f.scrollW}/${f.innerW} ${f.cut.length ? 'CUT ' + JSON.stringify(f.cut) : ''} ${f.clipped.length ? 'CLIPPED ' + JSON.stringify(f.clipped) : ''}`);
}
describe('crawl3', () => {
  let gw: TestGateway; let browser: Browser; let m: OnboardedMerchant;
  const longName = 'Distribuidora Internacional de Repuestos Automotrices y Accesorios del Valle del Cauca S.A.S.';
  beforeAll(async () => { [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]); m = await onboardMerchant(gw, { nombre: longName }); }, 120000);
  afterAll(async () => { await browser?.close(); await gw?.close(); writeFileSync('/tmp/hunt-browser-crawl3.txt', out.join('\n')); }, 120000);
  for (const width of [320, 360, 1280]) it('long strings ' + width, async () => {
    const ctx = await browser.newContext({ viewport: { width, height: 640 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await ctx.route(`${DEFAULT_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Gracias</h1>' }));
    const page = await ctx.newPage();
    log('##### ' + width);
    const ref = 'R'.repeat(120);
    const desc = 'Descripción-muy-larga-sin-espacios-'.repeat(7).slice(0, 255);
    const c = await createCharge(gw, m, { monto: 999999999999, referencia: ref, descripcion: desc }).catch(async () => createCharge(gw, m, { monto: 99999999, referencia: ref, descripcion: desc }));
    for (const q of ['', '?metodo=pse', '?metodo=tarjeta', '?metodo=efectivo']) await visit(page, 'checkout' + q, c.checkoutUrl + q);
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    await visit(page, 'voucher', null);
    const c2 = await createCharge(gw, m, { monto: 99999999, referencia: ref, descripcion: desc });
    await approveCharge(gw, c2.id);
    await visit(page, 'approved', c2.checkoutUrl);
    const c3 = await createCharge(gw, m, { referencia: ref + '', descripcion: desc });
    await failCharge(gw, c3.id);
    await visit(page, 'failed', c3.checkoutUrl);
    const email = `una.persona.con.un.correo.muy.largo.${width}@distribuidora-internacional-de-repuestos.com.co`;
    const inv = await operatorInvites(gw, m.merchantId, email, 'María de los Ángeles Fernández-Villavicencio Rodríguez');
    await visit(page, 'invitation', gw.publicUrl + inv);
    await acceptInvitationInPortal(page, gw.publicUrl, inv, STRONG_PASSWORD);
    await page.waitForLoadState('load');
    await visit(page, 'resumen', gw.publicUrl + '/portal/resumen');
    await visit(page, 'pagos', gw.publicUrl + '/portal/pagos');
    await visit(page, 'pagos filtered', gw.publicUrl + '/portal/pagos?referencia=' + ref);
    await visit(page, 'detail', gw.publicUrl + '/portal/pagos/' + c2.id);
    await visit(page, 'detail pending', gw.publicUrl + '/portal/pagos/' + c.id);
    await visit(page, 'personas', gw.publicUrl + '/portal/configuracion/personas');
    await visit(page, 'historial', gw.publicUrl + '/portal/configuracion/historial');
    await visit(page, 'sesiones', gw.publicUrl + '/portal/sesiones');
    await visit(page, 'sitio', gw.publicUrl + '/portal/configuracion/sitio');
    await visit(page, 'webhook', gw.publicUrl + '/portal/configuracion/webhook');
    await ctx.close();
  }, 300000);
});
