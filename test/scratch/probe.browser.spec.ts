import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { launchBrowser, acceptInvitationInPortal } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge } from '../checkout/paying.js';
import { operatorInvites, STRONG_PASSWORD } from '../portal/portal-client.js';
import { approveCharge } from '../support/outcomes.js';

const out: string[] = [];
const OFF = `(() => [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect(); return r.right > innerWidth + 1 && !e.classList.contains('skip'); }).map(e => e.tagName + '.' + e.className + ' [' + (e.textContent||'').trim().slice(0,30) + '] right=' + Math.round(e.getBoundingClientRect().right) + ' ovx=' + getComputedStyle(e).overflowX).slice(0, 12))()`;
const HIDDEN = `(() => [...document.querySelectorAll('.table-wrap')].map(w => { const r = w.getBoundingClientRect(); return [...w.querySelectorAll('td, th, a, span')].filter(e => { const b = e.getBoundingClientRect(); return b.width > 0 && !e.closest('.visually-hidden') && (b.right > r.right + 1); }).map(e => e.tagName + ' [' + (e.textContent||'').trim().slice(0, 30) + '] right=' + Math.round(e.getBoundingClientRect().right) + ' wrapRight=' + Math.round(r.right)).slice(0, 8); }))()`;
describe('probe', () => {
  let gw: TestGateway; let browser: Browser; let m: OnboardedMerchant;
  beforeAll(async () => { [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]); m = await onboardMerchant(gw, { nombre: 'Tienda' }); }, 120000);
  afterAll(async () => { await browser?.close(); await gw?.close(); writeFileSync('/tmp/hunt-browser-probe.txt', out.join('\n')); }, 120000);
  it('probe', async () => {
    const ref = process.env.REF ?? 'pedido-3f2b8c1e-9a4d-4e6b-8f1a-2c3d4e5f6a7b';
    const c = await createCharge(gw, m, { referencia: ref });
    await approveCharge(gw, c.id);
    const email = 'facturacion.electronica@distribuidoraelvalle.com.co';
    const inv = await operatorInvites(gw, m.merchantId, email, 'Ana');
    for (const width of [360, 1280]) {
      const ctx = await browser.newContext({ viewport: { width, height: 640 } });
      const page = await ctx.newPage();
      await acceptInvitationInPortal(page, gw.publicUrl, width === 360 ? inv : await operatorInvites(gw, m.merchantId, 'x' + width + email, 'Ana'), STRONG_PASSWORD);
      await page.waitForLoadState('load');
      for (const p of ['/portal/pagos', '/portal/pagos/' + c.id, '/portal/configuracion/personas', '/portal/configuracion/webhook', '/portal/configuracion/historial']) {
        await page.goto(gw.publicUrl + p);
        out.push(`== ${width} ${p} scrollW=${await page.evaluate('document.documentElement.scrollWidth')}`);
        out.push('  off: ' + JSON.stringify(await page.evaluate(OFF)));
        out.push('  hidden: ' + JSON.stringify(await page.evaluate(HIDDEN)));
        out.push('  wide: ' + JSON.stringify(await page.evaluate(`[document.body, ...document.querySelectorAll('body *')].filter(e => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0).map(e => e.tagName + '.' + e.className + ' sw=' + e.scrollWidth + ' cw=' + e.clientWidth + ' pos=' + getComputedStyle(e).position + ' [' + (e.textContent||'').trim().slice(0,30) + ']').slice(0, 10)`)));
      }
      await ctx.close();
    }
  }, 300000);
});
