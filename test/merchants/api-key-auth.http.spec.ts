import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../src/kernel/clock.js';
import { encodeApiKey } from '../../src/merchants/domain/api-key.js';
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant } from '../support/merchants.js';
import { rawRequest } from '../support/raw-http.js';

let gw: TestGateway;
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

beforeAll(async () => {
  gw = await startTestGateway({}, clock);
});

afterAll(async () => {
  await gw?.close();
});

beforeEach(() => {
  offsetMs = 0;
});

const me = (headers: Record<string, string> = {}) => http('GET', `${gw.publicUrl}/v1/merchants/me`, { headers });
const meWith = (key: string) => me({ authorization: `Bearer ${key}` });
const rotate = (keyId: string, body: unknown = {}) =>
  http('POST', `${gw.adminUrl}/internal/api-keys/${keyId}/rotacion`, { token: gw.operatorToken, body });
const revoke = (keyId: string) => http('DELETE', `${gw.adminUrl}/internal/api-keys/${keyId}`, { token: gw.operatorToken });

function expectInvalidKey(answer: HttpAnswer): void {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  expect(answer.body).toEqual({ statusCode: 401, message: expect.any(String), error: 'Unauthorized', code: 'invalid_api_key' });
}

describe('the merchant API refuses a bad key with 401 invalid_api_key and WWW-Authenticate: Bearer', () => {
  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare Bearer', { authorization: 'Bearer' }],
    ['a malformed key', { authorization: 'Bearer svcpk_corta' }],
    ['a well-formed key never issued', { authorization: `Bearer ${encodeApiKey(randomBytes(32))}` }],
    ['the operator token', { authorization: 'Bearer test-operator-token-0123456789abcdef' }],
  ])('%s', async (_, headers) => {
    expectInvalidKey(await me(headers));
  });

  it('refuses a miscopied key (one character changed)', async () => {
    const { apiKey } = await onboardMerchant(gw, { register: false });
    const last = apiKey.at(-1) === 'a' ? 'b' : 'a';
    expectInvalidKey(await meWith(apiKey.slice(0, -1) + last));
  });

  it('accepts the scheme in any case', async () => {
    const { apiKey } = await onboardMerchant(gw, { register: false });
    expect((await me({ authorization: `bearer ${apiKey}` })).status).toBe(200);
  });

  it('refuses a revoked key at once', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw, { register: false });
    expect((await meWith(apiKey)).status).toBe(200);
    expect((await revoke(keyId)).status).toBe(204);
    expectInvalidKey(await meWith(apiKey));
  });
});

// No per-address limit on wrong keys (docs/decisions.md, "Wrong keys in volume"): one address may be many merchants
// behind one NAT, and a wrong key never becomes right by waiting, so the spec's 401 stays the answer however many.
describe('wrong keys in volume from one address', () => {
  it('each is still 401, and a right key from the same address answers at once', async () => {
    const { apiKey } = await onboardMerchant(gw, { register: false });
    const miscopied = apiKey.slice(0, -1) + (apiKey.at(-1) === 'a' ? 'b' : 'a');
    for (let round = 0; round < 8; round++) {
      const wrong = Array.from({ length: 50 }, (_, i) => meWith(i % 2 === 0 ? miscopied : encodeApiKey(randomBytes(32))));
      for (const answer of await Promise.all(wrong)) expectInvalidKey(answer);
    }
    const right = await meWith(apiKey);
    expect(right.status).toBe(200);
  });
});

describe('rotation', () => {
  it('stops the old key at once by default; the new key works, same merchant and role', async () => {
    const { apiKey, keyId, merchantId } = await onboardMerchant(gw, { register: false, rol: 'lectura' });
    const rotated = await rotate(keyId);
    expect(rotated.status).toBe(201);
    expect(rotated.body).toEqual({ id: expect.any(String), key: expect.stringMatching(/^svcpk_[0-9A-Za-z]{43}$/) });
    expectInvalidKey(await meWith(apiKey));
    expect((await meWith(rotated.body.key)).body.id).toBe(merchantId);
    const [row] = await gw.infra.dataSource.query(`SELECT rol, merchant_id FROM api_keys WHERE id = $1`, [rotated.body.id]);
    expect(row).toEqual({ rol: 'lectura', merchant_id: merchantId });
  });

  it('keeps the old key working during the grace period, and not after', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw, { register: false });
    const rotated = await rotate(keyId, { graciaSegundos: 60 });
    expect(rotated.status).toBe(201);
    expect((await meWith(apiKey)).status).toBe(200);
    offsetMs = 59_000;
    expect((await meWith(apiKey)).status).toBe(200);
    offsetMs = 60_001;
    expectInvalidKey(await meWith(apiKey));
    expect((await meWith(rotated.body.key)).status).toBe(200);
  });

  it('lets the operator revoke a key in its grace period at once', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw, { register: false });
    await rotate(keyId, { graciaSegundos: 3600 });
    expect((await meWith(apiKey)).status).toBe(200);
    expect((await revoke(keyId)).status).toBe(204);
    expectInvalidKey(await meWith(apiKey));
  });

  it('refuses to rotate a key twice, or a revoked one, with 409 api_key_not_active', async () => {
    const { merchantId } = await onboardMerchant(gw, { register: false });
    const first = await issueKey(gw, merchantId);
    expect((await rotate(first.id, { graciaSegundos: 60 })).status).toBe(201);
    const again = await rotate(first.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('api_key_not_active');
    const second = await issueKey(gw, merchantId);
    await revoke(second.id);
    expect((await rotate(second.id)).body.code).toBe('api_key_not_active');
  });

  it('lets only one of two concurrent rotations win', async () => {
    const { keyId } = await onboardMerchant(gw, { register: false });
    const answers = await Promise.all([rotate(keyId), rotate(keyId), rotate(keyId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const [{ count }] = await gw.infra.dataSource.query(`SELECT count(*)::int AS count FROM api_keys WHERE id <> $1 AND merchant_id = (SELECT merchant_id FROM api_keys WHERE id = $1)`, [keyId]);
    expect(count).toBe(1);
  });
});

describe('keys at rest', () => {
  it('stores only the SHA-256 and the last four characters, never the key', async () => {
    const { apiKey, keyId } = await onboardMerchant(gw, { register: false });
    const [row] = await gw.infra.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [keyId]);
    expect(row.key_hash).toEqual(createHash('sha256').update(apiKey).digest());
    expect(row.last4).toBe(apiKey.slice(-4));
    const body = apiKey.slice('svcpk_'.length);
    const everything = await gw.infra.dataSource.query(
      `SELECT count(*)::int AS n FROM api_keys k WHERE k::text LIKE $1 OR encode(k.key_hash, 'escape') LIKE $1`,
      [`%${body.slice(0, 12)}%`],
    );
    expect(everything[0].n).toBe(0);
  });

  it('shows a key only when it is issued', async () => {
    const { keyId, merchantId } = await onboardMerchant(gw, { register: false });
    const view = await http('POST', `${gw.adminUrl}/internal/merchants/${merchantId}/aprobacion`, { token: gw.operatorToken });
    expect(JSON.stringify(view.body)).not.toContain('svcpk_');
    expect(JSON.stringify(view.body)).not.toContain(keyId);
  });
});

describe('the order of answers (DESIGN.md 5.3): the key and its role come before anything about the body', () => {
  const post = (headers: Record<string, string>, rawBody: string) =>
    http('POST', `${gw.publicUrl}/v1/pagos`, { headers: { 'idempotency-key': `order-${randomBytes(4).toString('hex')}`, ...headers }, rawBody });
  const bodies: Array<[string, string, string]> = [
    ['a body that is not JSON', 'application/json', '{"monto": 15'],
    ['a body with a __proto__ key', 'application/json', '{"__proto__": {"x": 1}}'],
    ['another Content-Type', 'text/plain', 'monto=1'],
    ['a Content-Type with no parser', 'application/xml', '<pago/>'],
  ];

  it.each(bodies)('%s without a key: 401', async (_what, contentType, rawBody) => {
    expectInvalidKey(await post({ 'content-type': contentType }, rawBody));
  });

  it.each(bodies)('%s with a read-only key: 403 forbidden_role', async (_what, contentType, rawBody) => {
    const reader = await onboardMerchant(gw, { rol: 'lectura' });
    const answer = await post({ 'content-type': contentType, authorization: `Bearer ${reader.apiKey}` }, rawBody);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden_role');
  });

  it('with a good key, the body is judged: 400 for what is not JSON, 415 for another type', async () => {
    const { apiKey } = await onboardMerchant(gw, {});
    const auth = { authorization: `Bearer ${apiKey}` };
    const notJson = await post({ ...auth, 'content-type': 'application/json' }, '{"monto": 15');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message.formErrors).toEqual(['The request body is not valid JSON']);
    const poisoned = await post({ ...auth, 'content-type': 'application/json' }, '{"__proto__": {"x": 1}}');
    expect(poisoned.body.message.formErrors).toEqual(['The request body may not have a __proto__ or constructor.prototype key']);
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const answer = await post({ ...auth, 'content-type': type }, 'x');
      expect(answer.status).toBe(415);
      expect(answer.body).toEqual({ statusCode: 415, message: 'Content-Type must be application/json', error: 'Unsupported Media Type', code: 'unsupported_media_type' });
    }
  });

  it('takes a +json type (application/vnd.api+json) as JSON', async () => {
    const { apiKey, merchantId } = await onboardMerchant(gw, {});
    const answer = await post(
      { authorization: `Bearer ${apiKey}`, 'content-type': 'application/vnd.api+json' },
      JSON.stringify({ merchantId, monto: 100, moneda: 'COP', referencia: 'VND-1' }),
    );
    expect(answer.status).toBe(201);
  });
});

describe('what the framework answers before any route, in the same shapes', () => {
  it.each([
    ['cannot be decoded', '/v1/pagos/%C0%AF'],
    ['has a segment past the length limit', `/v1/pagos/${'a'.repeat(150)}`],
  ])('a path that %s names nothing: 404 not_found, the path not echoed', async (_what, path) => {
    const text = await rawRequest(gw.publicUrl, [`GET ${path} HTTP/1.1`]);
    expect(text).toMatch(/^HTTP\/1.1 404/);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ statusCode: 404, message: 'Not found', error: 'Not Found', code: 'not_found' });
  });

  it('on a buyer\'s page, the same is an HTML page', async () => {
    const text = await rawRequest(gw.publicUrl, [`GET /checkout/${'a'.repeat(150)} HTTP/1.1`]);
    expect(text).toMatch(/^HTTP\/1.1 404/);
    expect(text).toMatch(/content-type: text\/html/i);
    expect(text).toContain('Esta página no existe');
    expect(text).not.toContain('aaaa');
  });

  it.each([
    ['the checkout', 'public', '/checkout/abc/def'],
    ['the sandbox bank', 'sandbox', '/pse/nada/mas'],
  ])('a path nothing takes under %s: the HTML page a buyer can read, not JSON', async (_where, listener, path) => {
    const answer = await fetch(`${listener === 'public' ? gw.publicUrl : gw.sandboxUrl}${path}`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('Esta página no existe');
    // The APIs keep their JSON.
    const api = await fetch(`${gw.publicUrl}/v1/nada`);
    expect([api.status, await api.json()]).toEqual([404, { statusCode: 404, message: 'Not found', error: 'Not Found', code: 'not_found' }]);
  });

  it('headers larger than Node reads: 431 with a code of ours', async () => {
    const text = await rawRequest(gw.publicUrl, ['GET /v1/pagos HTTP/1.1', `X-Grande: ${'a'.repeat(20_000)}`]);
    expect(text).toMatch(/^HTTP\/1.1 431/);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ statusCode: 431, message: 'The request headers are larger than allowed', error: 'Request Header Fields Too Large', code: 'headers_too_large' });
  });
});
