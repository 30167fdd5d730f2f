import type { Browser, Page, BrowserContext } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { launchBrowser, signInToPortal, acceptInvitationInPortal } from '../support/browser.js';
import { startTestGateway, http, type TestGateway } from '../support/gateway.js';
import { DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, fillCardUpToPay, cardPayButton } from '../checkout/paying.js';
import { operatorInvites, STRONG_PASSWORD } from '../portal/portal-client.js';
import { approveCharge, failCharge } from '../support/outcomes.js';

const out: string[] = [];
const log = (s: string) => { out.push(s); };

const FACTS = `(() => {
  const fields = [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')];
  const nameOf = (el) => el.getAttribute('aria-label') || (el.getAttribute('aria-labelledby')||'').split(' ').map(i=>document.getElementById(i)?.textContent||'').join(' ').trim() || [...(el.labels || [])].map(l=>l.textContent.trim()).join(' ') || (el.tagName==='BUTTON' ? el.textContent.trim() : '');
  const unnamed = fields.filter(f => !nameOf(f) && f.getBoundingClientRect().width>0).map(f => f.outerHTML.slice(0,120));
  const wide = [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); return r.right > innerWidth + 1 && r.width > 0; }).slice(0,5).map(e => e.tagName + '.' + e.className + ' r=' + Math.round(e.getBoundingClientRect().right));
  return { lang: document.documentElement.lang, title: document.title, scrollW: document.documentElement.scrollWidth, innerW: innerWidth, unnamed, wide, text: document.body.innerText };
})()`;

const ENGLISH = /\b(the|and|error|not found|submit|loading|cancel|back|next|previous|page|payment|status|date|amount|internal server|forbidden|unauthorized|bad request|pending|approved|failed|settings|sign in|login|logout|password|email|created|updated)\b/i;

async function visit(page: Page, label: string, url: string | null) {
  const errors: string[] = [];
  const onC = (m: any) => { if (['error', 'warning'].includes(m.type())) errors.push(m.type() + ': ' + m.text()); };
  const onE = (e: any) => errors.push('pageerror: ' + e.message);
  page.on('console', onC); page.on('pageerror', onE);
  let resp = null;
  if (url) resp = await page.goto(url);
  await page.waitForLoadState('load');
  const f: any = await page.evaluate(FACTS);
  const h = resp ? resp.headers() : {};
  log(`== ${label} ${page.url()} status=${resp?.status()} lang=${f.lang} title=${f.title}`);
  if (resp) log(`   csp=${h['content-security-policy']}\n   ref=${h['referrer-policy']} xcto=${h['x-content-type-options']} cache=${h['cache-control']} xfo=${h['x-frame-options']}`);
  if (f.scrollW > f.innerW) log(`   !! OVERFLOW scrollW=${f.scrollW} innerW=${f.innerW} ${JSON.stringify(f.wide)}`);
  if (f.unnamed.length) log(`   !! UNNAMED ${JSON.stringify(f.unnamed)}`);
  const eng = f.text.match(new RegExp(ENGLISH.source, 'gi'));
  if (eng) log(`   ?? english-ish: ${[...new Set(eng)].join(',')}`);
  const iso = f.text.match(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?|UTC|GMT/g);
  if (iso) log(`   ?? dates: ${[...new Set(iso)].join(',')}`);
  const money = f.text.match(/(COP\s?)?\$\s?[\d.,]+|[\d.,]+\s?COP/g);
  if (money) log(`   money: ${[...new Set(money)].slice(0, 8).join(' | ')}`);
  await new Promise(r => setTimeout(r, 200));
  if (errors.length) log(`   !! CONSOLE ${JSON.stringify(errors)}`);
  log('   text: ' + f.text.replace(/\s+/g, ' ').slice(0, 700));
  page.off('console', onC); page.off('pageerror', onE);
}

describe('crawl', () => {
  let gw: TestGateway; let browser: Browser; let m: OnboardedMerchant;
  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    m = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' });
  }, 120000);
  afterAll(async () => { await browser?.close(); await gw?.close(); writeFileSync('/tmp/hunt-browser-crawl.txt', out.join('\n')); }, 120000);

  for (const vp of [{ width: 360, height: 640 }, { width: 1440, height: 900 }]) {
  it('checkout pages ' + vp.width, async () => {
    const ctx = await browser.newContext({ viewport: vp, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await ctx.route(`${DEFAULT_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Gracias</h1>' }));
    const page = await ctx.newPage();
    const reqs: string[] = [];
    page.on('request', (r) => reqs.push(r.method() + ' ' + r.url() + ' ' + (r.postData() ?? '').slice(0, 200)));
    log(`##### viewport ${vp.width}`);
    const c = await createCharge(gw, m);
    await visit(page, 'checkout', c.checkoutUrl);
    await visit(page, 'pse', c.checkoutUrl + '?metodo=pse');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await visit(page, 'pse empty submit', null);
    await visit(page, 'tarjeta', c.checkoutUrl + '?metodo=tarjeta');
    const fr = page.frames().find(f => f !== page.mainFrame());
    if (fr) { const ff: any = await fr.evaluate(FACTS); log(`   frame url=${fr.url()} scrollW=${ff.scrollW} innerW=${ff.innerW} unnamed=${JSON.stringify(ff.unnamed)} text=${ff.text.replace(/\s+/g,' ').slice(0,400)}`); }
    await visit(page, 'efectivo', c.checkoutUrl + '?metodo=efectivo');
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    await visit(page, 'voucher', null);
    const c2 = await createCharge(gw, m);
    await fillCardUpToPay(page, c2.checkoutUrl);
    const fr2 = page.frames().find(f => f !== page.mainFrame());
    if (fr2) { const ff: any = await fr2.evaluate(FACTS); log(`   frame2 scrollW=${ff.scrollW} innerW=${ff.innerW} text=${ff.text.replace(/\s+/g,' ').slice(0,400)}`); }
    await cardPayButton(page).click();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await visit(page, 'approved', null);
    const c3 = await createCharge(gw, m);
    await fillCardUpToPay(page, c3.checkoutUrl, '4000 0000 0000 0002');
    await cardPayButton(page).click();
    await page.waitForTimeout(1500);
    await visit(page, 'declined?', null);
    const c4 = await createCharge(gw, m);
    await page.goto(c4.checkoutUrl + '?metodo=pse');
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Natural').check();
    await page.getByLabel('Tipo de documento').selectOption('CC');
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.getByRole('button', { name: 'Autorizar pago' }).waitFor();
    await visit(page, 'bank page', null);
    await page.getByRole('button', { name: 'Rechazar' }).click();
    await page.waitForLoadState('load');
    await visit(page, 'after reject', null);
    await visit(page, 'checkout 404', gw.publicUrl + '/checkout/nonexistent-token-xyz');
    await visit(page, 'checkout 404 b', gw.publicUrl + '/checkout/');
    await visit(page, 'docs', gw.publicUrl + '/docs');
    await visit(page, 'red-efectivo', gw.sandboxUrl ? gw.sandboxUrl + '/red-efectivo' : null);
    log('REQUESTS: ' + reqs.filter(r => !r.includes('/assets/')).join('\n  '));
    await ctx.close();
  }, 300000);

  it('portal pages ' + vp.width, async () => {
    const ctx = await browser.newContext({ viewport: vp, locale: 'es-CO', timezoneId: 'America/Bogota' });
    const page = await ctx.newPage();
    log(`##### portal viewport ${vp.width}`);
    const email = `p${vp.width}@tienda.co`;
    const inv = await operatorInvites(gw, m.merchantId, email);
    await visit(page, 'invitation', gw.publicUrl + inv);
    await page.getByRole('button', { name: 'Guardar contraseña y entrar' }).click();
    await visit(page, 'invitation empty submit', null);
    await acceptInvitationInPortal(page, gw.publicUrl, inv, STRONG_PASSWORD);
    await page.waitForLoadState('load');
    await visit(page, 'after accept', null);
    for (let i = 0; i < 3; i++) { const c = await createCharge(gw, m); if (i === 0) await approveCharge(gw, c.id); if (i === 1) await failCharge(gw, c.id); }
    await page.waitForTimeout(1000);
    for (const p of ['/portal', '/portal/pagos', '/portal/resumen', '/portal/configuracion', '/portal/configuracion/sitio', '/portal/configuracion/webhook', '/portal/configuracion/personas', '/portal/configuracion/historial', '/portal/sesiones', '/portal/nada', '/portal/pagos/00000000-0000-0000-0000-000000000000', '/portal/pagos/zzz']) {
      await visit(page, p, gw.publicUrl + p);
    }
    await page.goto(gw.publicUrl + '/portal/pagos');
    const link = page.locator('a[href^="/portal/pagos/"]').first();
    if (await link.count()) { await link.click(); await visit(page, 'detail', null); }
    await ctx.clearCookies();
    await visit(page, 'signin', gw.publicUrl + '/portal/ingresar');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await visit(page, 'signin empty', null);
    await visit(page, 'restablecer', gw.publicUrl + '/portal/restablecer');
    await ctx.close();
  }, 300000);
  }
});
