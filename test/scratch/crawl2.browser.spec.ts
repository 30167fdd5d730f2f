import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { launchBrowser, acceptInvitationInPortal } from '../support/browser.js';
import { startTestGateway, http, type TestGateway } from '../support/gateway.js';
import { DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, MovableClock, operator } from '../checkout/paying.js';
import { operatorInvites, STRONG_PASSWORD } from '../portal/portal-client.js';
import { approveCharge, failCharge, recordRefund } from '../support/outcomes.js';

const out: string[] = [];
const log = (s: string) => { out.push(s); };
const FACTS = `(() => ({ scrollW: document.documentElement.scrollWidth, innerW: innerWidth, text: document.body.innerText }))()`;
async function visit(page: Page, label: string, url: string | null) {
  const resp = url ? await page.goto(url) : null;
  await page.waitForLoadState('load');
  const f: any = await page.evaluate(FACTS);
  log(`== ${label} ${page.url()} ${resp?.status() ?? ''} ${f.scrollW > f.innerW ? '!!OVERFLOW ' + f.scrollW : ''}`);
  const money = f.text.match(/[-−–]?\s?\$\s?[-−–]?[\d.,]+( (mil|M))?/g);
  if (money) log(`   money: ${[...new Set(money)].join(' | ')}`);
  log('   text: ' + f.text.replace(/\s+/g, ' ').slice(0, 2500));
}
describe('crawl2', () => {
  let gw: TestGateway; let browser: Browser; let m: OnboardedMerchant; const clock = new MovableClock();
  beforeAll(async () => { [gw, browser] = await Promise.all([startTestGateway({}, clock), launchBrowser()]); m = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' }); }, 120000);
  afterAll(async () => { await browser?.close(); await gw?.close(); writeFileSync('/tmp/hunt-browser-crawl2.txt', out.join('\n')); }, 120000);
  it('more', async () => {
    const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await ctx.route(`${DEFAULT_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Gracias</h1>' }));
    const page = await ctx.newPage();
    page.on('console', (msg) => log(`   CONSOLE ${msg.type()} ${msg.text()} @ ${page.url()}`));
    page.on('pageerror', (e) => log(`   PAGEERROR ${e.message}`));
    page.on('response', async (r) => { if (r.request().resourceType() === 'document') { const h = r.headers(); log(`   DOC ${r.status()} ${r.url().slice(0, 90)} csp=${(h['content-security-policy'] ?? 'NONE').slice(0, 300)} ref=${h['referrer-policy']} xcto=${h['x-content-type-options']}`); } });
    page.on('request', (r) => { if (r.resourceType() === 'document') log(`   REQ ${r.method()} ${r.url().slice(0, 90)} referer=${r.headers()['referer'] ?? '-'}`); });
    // pending bank
    const c = await createCharge(gw, m, { monto: 1234567 });
    await page.goto(c.checkoutUrl + '?metodo=pse');
    await page.getByLabel('Banco').selectOption({ label: 'Banco de Pruebas Pendiente' });
    await page.getByLabel('Natural').check();
    await page.getByLabel('Tipo de documento').selectOption('CC');
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.waitForLoadState('load');
    await visit(page, 'pending', null);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor({ timeout: 60000 }).catch(() => log('   no approval seen'));
    await visit(page, 'pending->final', null);
    await page.goBack(); await visit(page, 'back after final', null);
    await page.goBack(); await visit(page, 'back2 after final', null);
    // approved with volver
    const link = page.getByRole('link', { name: /Volver/ });
    if (await link.count()) { await link.first().click(); await page.waitForLoadState('load'); log('   after volver: ' + page.url()); }
    // voucher expired
    const v = await createCharge(gw, m, { monto: 5000 });
    await page.goto(v.checkoutUrl + '?metodo=efectivo');
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    await page.waitForLoadState('load');
    clock.advance(10 * 86400000);
    await visit(page, 'voucher expired?', v.checkoutUrl);
    clock.advance(-10 * 86400000);
    // sandbox pages headers: red-efectivo
    await visit(page, 'red', gw.sandboxUrl + '/red-efectivo');
    await page.getByLabel('Referencia de pago').fill('123');
    await page.getByRole('button', { name: 'Recibir pago' }).click();
    await visit(page, 'red after bogus', null);
    // portal
    const inv = await operatorInvites(gw, m.merchantId, 'p@tienda.co');
    await acceptInvitationInPortal(page, gw.publicUrl, inv, STRONG_PASSWORD);
    await page.waitForLoadState('load');
    const a = await createCharge(gw, m, { monto: 100000 }); await approveCharge(gw, a.id, { method: 'tarjeta' });
    const r = await createCharge(gw, m, { monto: 2500000 }); await approveCharge(gw, r.id, { method: 'pse' }); await recordRefund(gw, r.id);
    const f = await createCharge(gw, m, { monto: 7000 }); await failCharge(gw, f.id);
    await http('POST', `${gw.publicUrl}/v1/webhooks`, { token: m.apiKey, body: { url: 'http://127.0.0.1:9/x' } }).then(x => log('webhook reg ' + x.status + ' ' + x.text.slice(0, 100)));
    await new Promise(res => setTimeout(res, 2500));
    await visit(page, 'detail approved', gw.publicUrl + '/portal/pagos/' + a.id);
    await visit(page, 'detail refunded', gw.publicUrl + '/portal/pagos/' + r.id);
    await visit(page, 'detail failed', gw.publicUrl + '/portal/pagos/' + f.id);
    await visit(page, 'detail pending pse', gw.publicUrl + '/portal/pagos/' + c.id);
    await visit(page, 'detail voucher', gw.publicUrl + '/portal/pagos/' + v.id);
    await visit(page, 'list', gw.publicUrl + '/portal/pagos');
    await visit(page, 'resumen', gw.publicUrl + '/portal/resumen');
    await visit(page, 'resumen 90', gw.publicUrl + '/portal/resumen?dias=90');
    await visit(page, 'webhook', gw.publicUrl + '/portal/configuracion/webhook');
    await visit(page, 'personas', gw.publicUrl + '/portal/configuracion/personas');
    await visit(page, 'historial', gw.publicUrl + '/portal/configuracion/historial');
    await visit(page, 'sesiones', gw.publicUrl + '/portal/sesiones');
    await ctx.close();
  }, 300000);
});
