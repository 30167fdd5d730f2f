// A path that exists under other methods answers 405 with Allow (RFC 9110 15.5.6), in the shape of its listener's
// 404; OPTIONS answers 204 with Allow; an unknown path stays the 404 it was.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

let gw: TestGateway;
let merchant: OnboardedMerchant;

beforeAll(async () => {
  gw = await startTestGateway();
  merchant = await onboardMerchant(gw);
});

afterAll(async () => {
  await gw?.close();
});

function expectJson405(answer: HttpAnswer, allow: string): void {
  expect(answer.status).toBe(405);
  expect(answer.headers.get('allow')).toBe(allow);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(answer.body).toEqual({ statusCode: 405, message: expect.any(String), error: 'Method Not Allowed', code: 'method_not_allowed' });
}

function expectPage405(answer: HttpAnswer, allow: string): void {
  expect(answer.status).toBe(405);
  expect(answer.headers.get('allow')).toBe(allow);
  expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(answer.text).toContain('<html lang="es">');
  expect(answer.text).toContain('Esta página no admite esa acción');
}

describe('a method the path does not take: 405 with Allow', () => {
  it.each([
    ['DELETE', '/v1/pagos', 'GET, HEAD, POST, OPTIONS'],
    ['PUT', `/v1/pagos/${randomUUID()}`, 'GET, HEAD, OPTIONS'],
    ['PATCH', '/v1/merchants/me/registro-web', 'GET, HEAD, PUT, OPTIONS'],
  ])('merchant API: %s %s, with the JSON error body', async (method, path, allow) => {
    expectJson405(await http(method, `${gw.publicUrl}${path}`, { token: merchant.apiKey }), allow);
  });

  it('merchant API: before the key is looked at, as a 404 is (no 401 for a stranger)', async () => {
    expectJson405(await http('DELETE', `${gw.publicUrl}/v1/pagos`), 'GET, HEAD, POST, OPTIONS');
  });

  it('operator API: GET on a POST-only route, with or without the token; HEAD only where GET is', async () => {
    expectJson405(await http('GET', `${gw.adminUrl}/internal/merchants`, { token: gw.operatorToken }), 'POST, OPTIONS');
    expectJson405(await http('GET', `${gw.adminUrl}/internal/merchants`), 'POST, OPTIONS');
    const head = await http('HEAD', `${gw.adminUrl}/internal/merchants`, { token: gw.operatorToken });
    expect([head.status, head.headers.get('allow')]).toEqual([405, 'POST, OPTIONS']);
  });

  it.each([
    ['POST', '/health'],
    ['POST', '/docs/openapi.json'],
  ])('JSON routes outside the APIs: %s %s', async (method, path) => {
    expectJson405(await http(method, `${gw.publicUrl}${path}`), 'GET, HEAD, OPTIONS');
  });

  it("buyer's checkout page: an HTML page", async () => {
    expectPage405(await http('PUT', `${gw.publicUrl}/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`), 'GET, HEAD, OPTIONS');
  });

  it('portal: an HTML page, before the portal wildcard and its form check (was a 403)', async () => {
    expectPage405(await http('PUT', `${gw.publicUrl}/portal/ingresar`), 'GET, HEAD, POST, OPTIONS');
    expectPage405(await http('DELETE', `${gw.publicUrl}/portal/pagos`), 'GET, HEAD, OPTIONS');
  });

  it("sandbox: an HTML page on the bank's page, JSON on its API", async () => {
    expectPage405(await http('PUT', `${gw.sandboxUrl}/pse/${randomUUID()}`), 'GET, HEAD, POST, OPTIONS');
    expectJson405(await http('DELETE', `${gw.sandboxUrl}/api/bancos`), 'GET, HEAD, OPTIONS');
  });

  it("before anything about the body: a body that is not JSON is not the sandbox API's 415", async () => {
    const answer = await http('DELETE', `${gw.sandboxUrl}/api/bancos`, { headers: { 'content-type': 'text/plain' }, rawBody: 'hola' });
    expectJson405(answer, 'GET, HEAD, OPTIONS');
  });
});

describe('OPTIONS', () => {
  it('on a path that exists: 204 with Allow and no CORS headers', async () => {
    const answer = await http('OPTIONS', `${gw.publicUrl}/v1/pagos`, {
      headers: { origin: 'https://tienda.example.co', 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.text).toBe('');
  });

  it('on an unknown path: the 404 it was', async () => {
    const answer = await http('OPTIONS', `${gw.publicUrl}/v1/nada`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
  });
});

describe('an unknown path stays 404, with no Allow', () => {
  const listener = { api: () => gw.publicUrl, operator: () => gw.adminUrl, sandbox: () => gw.sandboxUrl };
  it.each([
    ['GET', 'api', '/v1/nada'],
    ['DELETE', 'api', `/v1/pagos/${randomUUID()}/nada`],
    ['GET', 'operator', '/internal/nada'],
    ['GET', 'sandbox', '/nada'],
    // Too long for any route's parameter: the router names no route under any method.
    ['DELETE', 'api', `/v1/pagos/${'a'.repeat(150)}`],
  ] as const)('%s on the %s listener, %s: JSON not_found', async (method, on, path) => {
    const answer = await http(method, `${listener[on]()}${path}`, { token: merchant.apiKey });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
    expect(answer.body).toEqual({ statusCode: 404, message: 'Not found', error: 'Not Found', code: 'not_found' });
  });

  it('under /checkout: the plain page a buyer can read', async () => {
    const answer = await http('GET', `${gw.publicUrl}/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/nada`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
    expect(answer.text).toContain('Esta página no existe');
  });

  it('under /portal: the portal wildcard\'s own 404 page', async () => {
    const answer = await http('GET', `${gw.publicUrl}/portal/nada`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
    expect(answer.text).toContain('No encontramos esa página');
  });
});
