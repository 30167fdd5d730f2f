import { writeFileSync } from 'node:fs';
import { startTestGateway, http, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge } from '../checkout/paying.js';
import { acceptInvitation, operatorInvites, csrfOf } from '../portal/portal-client.js';
import { approveCharge } from '../support/outcomes.js';

const out: string[] = [];
describe('fuzz', () => {
  let gw: TestGateway; let m: OnboardedMerchant;
  beforeAll(async () => { gw = await startTestGateway(); m = await onboardMerchant(gw, { nombre: 'Tienda' }); }, 120000);
  afterAll(async () => { await gw?.close(); writeFileSync('/tmp/hunt-browser-fuzz.txt', out.join('\n')); }, 120000);
  it('runs', async () => {
    const c = await createCharge(gw, m);
    const paid = await createCharge(gw, m); await approveCharge(gw, paid.id);
    const note = (label: string, s: number, ct: string | null, t: string) => { out.push(`${s} ${ct?.split(';')[0]} ${label} :: ${t.replace(/\s+/g, ' ').slice(0, 160)}`); };
    const base = gw.publicUrl;
    const tries: Array<[string, string, Record<string, string>, string | undefined]> = [];
    for (const tok of [c.token, paid.token, 'x', '%00', 'a'.repeat(500), '..%2f..%2fportal', c.token + '%20']) {
      for (const q of ['', '?metodo=pse', '?metodo[]=pse', '?metodo=pse&metodo=tarjeta', '?metodo=%00']) tries.push(['GET', `/checkout/${tok}${q}`, {}, undefined]);
      for (const action of ['pse', 'tarjeta', 'efectivo', 'estado', 'volver', 'otro']) {
        tries.push(['GET', `/checkout/${tok}/${action}`, {}, undefined]);
        tries.push(['POST', `/checkout/${tok}/${action}`, { 'content-type': 'application/x-www-form-urlencoded' }, 'banco=1007&banco=1007&tokenTarjeta=a&tokenTarjeta=b&cuotas=1&cuotas=2']);
        tries.push(['POST', `/checkout/${tok}/${action}`, { 'content-type': 'application/json' }, '{"banco":[1],"tokenTarjeta":{"a":1}}']);
        tries.push(['POST', `/checkout/${tok}/${action}`, { 'content-type': 'text/plain' }, 'hola']);
        tries.push(['POST', `/checkout/${tok}/${action}`, { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nContent-Disposition: form-data; name="banco"\r\n\r\n1007\r\n--x--\r\n']);
        tries.push(['POST', `/checkout/${tok}/${action}`, { 'content-type': 'application/x-www-form-urlencoded' }, 'cuotas=' + '9'.repeat(400) + '&tokenTarjeta=tok_x']);
        tries.push(['POST', `/checkout/${tok}/${action}`, { 'content-type': 'application/x-www-form-urlencoded' }, 'a=' + 'x'.repeat(2_000_000)]);
      }
    }
    for (const [method, path, headers, body] of tries) {
      try {
        const r = await fetch(base + path, { method, headers, body, redirect: 'manual' });
        const t = await r.text();
        if (r.status >= 500 || (r.headers.get('content-type') ?? '').includes('json') || r.status === 400 || r.status === 413 || r.status === 415) note(`${method} ${path.slice(0, 120)} ${headers['content-type'] ?? ''}`, r.status, r.headers.get('content-type'), t);
      } catch (e) { out.push(`EXC ${method} ${path} ${e}`); }
    }
    out.push('---- portal');
    const inv = await operatorInvites(gw, m.merchantId, 'a@tienda.co');
    const client = await acceptInvitation(gw, inv);
    const gets = ['/portal/pagos?estado=zzz', '/portal/pagos?estado[]=a', '/portal/pagos?desde=2026-13-45', '/portal/pagos?desde=abc&hasta=2020-01-01', '/portal/pagos?desde=2026-11-30&hasta=2026-11-01', '/portal/pagos?cursor=zzz', '/portal/pagos?cursor=' + 'a'.repeat(3000), '/portal/pagos?referencia=' + 'x'.repeat(5000), '/portal/pagos?referencia=%00', '/portal/pagos?desde=99999-01-01', '/portal/pagos?desde=0000-01-01', '/portal/pagos?estado=aprobado&estado=fallido', '/portal/resumen?dias=zzz', '/portal/resumen?dias=-1', '/portal/resumen?dias=100000', '/portal/resumen?periodo=xx', '/portal/resumen?rango=999', '/portal/configuracion/historial?cursor=zz', '/portal/configuracion/historial?antes=zz', '/portal/configuracion/webhook?pagina=zz', '/portal/configuracion/webhook?cursor=zz', '/portal/pagos/' + paid.id + '?x=1', '/portal/pagos/' + paid.id.toUpperCase(), '/portal/configuracion/personas/zzz', '/portal/configuracion/personas/00000000-0000-0000-0000-000000000000', '/portal/invitacion/zzz', '/portal/restablecer/zzz', '/portal/sesiones/zzz', '/portal/resumen?hecho=zzz', '/portal/pagos?hecho=<script>'];
    for (const g of gets) { const r = await client.get(g); note('GET ' + g.slice(0, 100), r.status, r.headers.get('content-type'), r.text.replace(/<[^>]+>/g, ' ').slice(r.text.indexOf('<main') > 0 ? 0 : 0, 3000).replace(/\s+/g, ' ').slice(0, 300)); }
    const page = await client.get('/portal/configuracion/sitio');
    const csrf = csrfOf(page.text);
    const posts: Array<[string, string]> = [
      ['/portal/configuracion/sitio', `csrf=${csrf}&urlSitio=https://a.co&urlRetorno=https://a.co/g&urlSitio=https://b.co`],
      ['/portal/configuracion/sitio', `csrf=${csrf}&urlSitio=` + 'x'.repeat(5000)],
      ['/portal/configuracion/personas', `csrf=${csrf}&email=b@b.co&rol=dios&nombre=x`],
      ['/portal/configuracion/personas', `csrf=${csrf}&email=b@b.co&email=c@c.co&rol=lectura&nombre=x`],
      ['/portal/configuracion/personas/zzz', `csrf=${csrf}&rol=lectura`],
      ['/portal/configuracion/personas/00000000-0000-0000-0000-000000000000/rol', `csrf=${csrf}&rol=lectura`],
      ['/portal/configuracion/webhook', `csrf=${csrf}&url=javascript:alert(1)`],
      ['/portal/configuracion/webhook/entregas/zzz/reenvio', `csrf=${csrf}`],
      ['/portal/sesiones/zzz', `csrf=${csrf}`],
      ['/portal/sesiones/00000000-0000-0000-0000-000000000000', `csrf=${csrf}`],
      ['/portal/ingresar', `email=a@tienda.co&email=b&password=x`],
      ['/portal/invitacion/zzz', `csrf=${csrf}&password=x`],
      ['/portal/restablecer/zzz', `csrf=${csrf}&password=x`],
    ];
    for (const [p, b] of posts) { const r = await client.post(p, Object.fromEntries(new URLSearchParams(b))); note('POST ' + p + ' ' + b.slice(0, 80), r.status, r.headers.get('content-type'), (r.location ?? '') + ' ' + r.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 300)); }
    for (const [p, b] of posts) { const r = await fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }, body: b, redirect: 'manual' }); const t = await r.text(); note('RAW POST ' + p + ' ' + b.slice(0, 80), r.status, r.headers.get('content-type'), (r.headers.get('location') ?? '') + ' ' + t.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 300)); }
  }, 300000);
});
