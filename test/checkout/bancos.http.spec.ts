// GET /v1/pagos/bancos: the provider's PSE banks with their 4-digit ACH codes, cached; /v1/pagos/:id does not take it.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, MovableClock } from './paying.js';

describe('GET /v1/pagos/bancos', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let proxy: Server;
  let upstreamCalls = 0;
  let failUpstream = false;

  beforeAll(async () => {
    gw = await startTestGateway({ bankListCacheSeconds: 600 }, clock);
    merchant = await onboardMerchant(gw);
    // The service reaches the provider through this proxy, which counts the bank list requests (or fails them).
    const sandbox = new URL(gw.infra.config.providerUrl);
    proxy = createServer((req, res) => {
      if (req.url === '/api/bancos') upstreamCalls++;
      if (failUpstream) {
        res.writeHead(503).end();
        return;
      }
      const upstream = httpRequest({ host: sandbox.hostname, port: sandbox.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    gw.infra.config.providerUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gw.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  const bancos = (token = merchant.apiKey) => http('GET', `${gw.publicUrl}/v1/pagos/bancos`, { token });

  it('lists the banks as {codigo, nombre} with 4-digit ACH codes, without the placeholder entry', async () => {
    const answer = await bancos();
    expect(answer.status).toBe(200);
    const list: Array<{ codigo: string; nombre: string }> = answer.body;
    expect(list.every((bank) => /^\d{4}$/.test(bank.codigo) && Object.keys(bank).sort().join() === 'codigo,nombre')).toBe(true);
    expect(list).toEqual(
      expect.arrayContaining([
        { codigo: '1007', nombre: 'Bancolombia' },
        { codigo: '1051', nombre: 'Banco Davivienda' },
        { codigo: '1507', nombre: 'Nequi' },
        { codigo: '9901', nombre: 'Banco de Pruebas Aprueba' },
      ]),
    );
    expect(list.find((bank) => bank.codigo === '0')).toBeUndefined();
    expect(new Set(list.map((bank) => bank.codigo)).size).toBe(list.length);
    expect(JSON.stringify(list)).not.toMatch(/sandbox|ses_|localhost|127\.0\.0\.1/i);
  });

  it('asks the provider once per cache period, and again when it has passed', async () => {
    const before = upstreamCalls;
    for (let i = 0; i < 5; i++) expect((await bancos()).status).toBe(200);
    expect(upstreamCalls - before).toBe(0);
    clock.advance(601_000);
    expect((await bancos()).status).toBe(200);
    expect(upstreamCalls - before).toBe(1);
  });

  it('serves the last list when the provider fails after the period', async () => {
    clock.advance(601_000);
    failUpstream = true;
    try {
      const answer = await bancos();
      expect(answer.status).toBe(200);
      expect(answer.body.length).toBeGreaterThan(40);
    } finally {
      failUpstream = false;
    }
  });

  it("is the hosted page's PSE list: the same banks, codes and names, in the same order", async () => {
    const api: Array<{ codigo: string; nombre: string }> = (await bancos()).body;
    const charge = await createCharge(gw, merchant);
    const form = await http('GET', `${charge.checkoutUrl}?metodo=pse`);
    const select = /<select id="banco"[^>]*>([\s\S]*?)<\/select>/.exec(form.text)?.[1] ?? '';
    const offered = [...select.matchAll(/<option value="(\d+)"[^>]*>([^<]*)<\/option>/g)].map(([, codigo, nombre]) => ({ codigo, nombre }));
    expect(offered.length).toBeGreaterThan(40);
    expect(offered).toEqual(api);
  });

  it('is not swallowed by /v1/pagos/{id}, needs a key, and a read-only key may read it', async () => {
    expect((await http('GET', `${gw.publicUrl}/v1/pagos/bancos`)).status).toBe(401);
    const reader = await issueKey(gw, merchant.merchantId, 'lectura');
    expect((await bancos(reader.key)).status).toBe(200);
    expect((await http('GET', `${gw.publicUrl}/v1/pagos/7c9e6679-7425-40de-944b-e07fc1f90ae7`, { token: merchant.apiKey })).status).toBe(404);
  });

  it('is described in the API docs', async () => {
    const doc = await http('GET', `${gw.publicUrl}/docs/openapi.json`);
    expect(doc.body.paths['/v1/pagos/bancos'].get.responses['200']).toBeDefined();
    expect(Object.keys(doc.body.paths).filter((p: string) => p.startsWith('/checkout') || p.startsWith('/provider'))).toEqual([]);
  });
});
