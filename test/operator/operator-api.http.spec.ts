import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});

afterAll(async () => {
  await gw?.close();
});

/** `token: ''` sends no Authorization header. */
const op = (method: string, path: string, body?: unknown, token: string = gw.operatorToken) =>
  http(method, `${gw.adminUrl}${path}`, { token, body });

function expectUnauthorized(answer: HttpAnswer): void {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  expect(answer.body).toEqual({
    statusCode: 401,
    message: expect.any(String),
    error: 'Unauthorized',
    code: 'invalid_operator_token',
  });
}

function expectNotFound(answer: HttpAnswer): void {
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ statusCode: 404, message: expect.any(String), error: 'Not Found', code: 'not_found' });
}

describe('operator token', () => {
  const anyId = randomUUID();
  // Every row has its three cells: with fewer, Jest would pass its `done` callback as `body`.
  const routes: Array<[string, string, unknown]> = [
    ['POST', '/internal/merchants', { nombre: 'X' }],
    ['POST', `/internal/merchants/${anyId}/aprobacion`, undefined],
    ['POST', `/internal/merchants/${anyId}/api-keys`, {}],
    ['POST', `/internal/api-keys/${anyId}/rotacion`, {}],
    ['DELETE', `/internal/api-keys/${anyId}`, undefined],
    ['GET', `/internal/pagos/${anyId}/eventos`, undefined],
  ];

  it.each(routes)('%s %s needs it', async (method, path, body) => {
    expectUnauthorized(await op(method, path, body, ''));
    expectUnauthorized(await op(method, path, body, `${gw.operatorToken}x`));
    expectUnauthorized(await op(method, path, body, gw.operatorToken.slice(0, -1)));
  });

  it('refuses a merchant key', async () => {
    const { apiKey } = await onboardMerchant(gw);
    expectUnauthorized(await op('POST', '/internal/merchants', { nombre: 'Intruso' }, apiKey));
    const [{ n }] = await gw.infra.dataSource.query(`SELECT count(*)::int AS n FROM merchants WHERE nombre = 'Intruso'`);
    expect(n).toBe(0);
  });

  it('is refused by the merchant API', async () => {
    const answer = await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: gw.operatorToken });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('invalid_api_key');
  });

  it('does not open the operator routes on the public listener', async () => {
    expect((await http('POST', `${gw.publicUrl}/internal/merchants`, { token: gw.operatorToken, body: { nombre: 'X' } })).status).toBe(404);
  });
});

describe('POST /internal/merchants', () => {
  it('creates a merchant, not approved', async () => {
    const answer = await op('POST', '/internal/merchants', { nombre: 'Droguería La Rebaja' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), nombre: 'Droguería La Rebaja', aprobado: false });
    const [row] = await gw.infra.dataSource.query(`SELECT nombre, aprobado FROM merchants WHERE id = $1`, [answer.body.id]);
    expect(row).toEqual({ nombre: 'Droguería La Rebaja', aprobado: false });
  });

  it.each([
    [{}, 'nombre', 'nombre is required'],
    [{ nombre: '' }, 'nombre', 'nombre must not be blank'],
    [{ nombre: 'x'.repeat(201) }, 'nombre', 'nombre must be 1 to 200 characters long'],
    [{ nombre: '   ' }, 'nombre', 'nombre must not be blank'],
    [{ nombre: 7 }, 'nombre', 'nombre must be a string'],
    [{ nombre: 'Ok', aprobado: true }, 'aprobado', 'aprobado is not a known field'],
  ])('answers 400 per field for %j, one message for its one problem', async (body, field, message) => {
    const answer = await op('POST', '/internal/merchants', body);
    expect(answer.status).toBe(400);
    expect(answer.body.statusCode).toBe(400);
    expect(answer.body.message.formErrors).toEqual([]);
    expect(answer.body.message.fieldErrors[field]).toEqual([message]);
  });
});

describe('POST /internal/merchants/{id}/aprobacion', () => {
  it('approves and answers the merchant view; a second approval keeps the first time', async () => {
    const { body: created } = await op('POST', '/internal/merchants', { nombre: 'Tienda' });
    const first = await op('POST', `/internal/merchants/${created.id}/aprobacion`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: created.id,
      nombre: 'Tienda',
      aprobado: true,
      aprobadoEn: expect.stringMatching(/Z$/),
      checkoutPropio: false,
      creadoEn: expect.stringMatching(/Z$/),
      registroWeb: null,
    });
    const second = await op('POST', `/internal/merchants/${created.id.toUpperCase()}/aprobacion`);
    expect(second.body.aprobadoEn).toBe(first.body.aprobadoEn);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectNotFound(await op('POST', `/internal/merchants/${randomUUID()}/aprobacion`));
    expectNotFound(await op('POST', `/internal/merchants/not-a-uuid/aprobacion`));
    expectNotFound(await op('POST', `/internal/merchants/${randomUUID()}x/aprobacion`));
  });
});

describe('POST /internal/merchants/{id}/api-keys', () => {
  it('issues an administrador key by default, shown once', async () => {
    const { body: merchant } = await op('POST', '/internal/merchants', { nombre: 'Tienda' });
    const answer = await op('POST', `/internal/merchants/${merchant.id}/api-keys`, {});
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), key: expect.stringMatching(/^svcpk_[0-9A-Za-z]{43}$/), rol: 'administrador' });
    const me = await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: answer.body.key });
    expect(me.body.id).toBe(merchant.id);
  });

  it('issues a key without a body too', async () => {
    const { body: merchant } = await op('POST', '/internal/merchants', { nombre: 'Tienda' });
    const answer = await op('POST', `/internal/merchants/${merchant.id}/api-keys`);
    expect(answer.status).toBe(201);
    expect(answer.body.rol).toBe('administrador');
  });

  it('issues a lectura key', async () => {
    const { body: merchant } = await op('POST', '/internal/merchants', { nombre: 'Tienda' });
    const answer = await op('POST', `/internal/merchants/${merchant.id}/api-keys`, { rol: 'lectura' });
    expect(answer.body.rol).toBe('lectura');
  });

  it('answers 400 for an unknown role', async () => {
    const { body: merchant } = await op('POST', '/internal/merchants', { nombre: 'Tienda' });
    const answer = await op('POST', `/internal/merchants/${merchant.id}/api-keys`, { rol: 'root' });
    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors.rol).toEqual(['rol must be one of administrador, lectura']);
  });

  it('answers 404 for an unknown or malformed merchant', async () => {
    expectNotFound(await op('POST', `/internal/merchants/${randomUUID()}/api-keys`, {}));
    expectNotFound(await op('POST', `/internal/merchants/123/api-keys`, {}));
  });
});

describe('POST /internal/api-keys/{id}/rotacion and DELETE /internal/api-keys/{id}', () => {
  it.each([[{ graciaSegundos: -1 }], [{ graciaSegundos: 1.5 }], [{ graciaSegundos: '60' }], [{ graciaSegundos: 604801 }]])(
    'answers 400 on graciaSegundos for %j',
    async (body) => {
      const { keyId } = await onboardMerchant(gw, { register: false });
      const answer = await op('POST', `/internal/api-keys/${keyId}/rotacion`, body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.message.fieldErrors)).toEqual(['graciaSegundos']);
    },
  );

  it('answers 404 for an unknown or malformed key', async () => {
    expectNotFound(await op('POST', `/internal/api-keys/${randomUUID()}/rotacion`, {}));
    expectNotFound(await op('POST', `/internal/api-keys/zzz/rotacion`, {}));
    expectNotFound(await op('DELETE', `/internal/api-keys/${randomUUID()}`));
    expectNotFound(await op('DELETE', `/internal/api-keys/%20`));
  });

  it('takes a bodiless POST or DELETE that says Content-Type: application/json', async () => {
    const { id } = (await op('POST', '/internal/merchants', { nombre: 'Sin cuerpo' })).body;
    const json = { 'content-type': 'application/json' };
    const approved = await http('POST', `${gw.adminUrl}/internal/merchants/${id}/aprobacion`, { token: gw.operatorToken, headers: json });
    expect(approved.status).toBe(200);
    const key = await http('POST', `${gw.adminUrl}/internal/merchants/${id}/api-keys`, { token: gw.operatorToken, headers: json });
    expect(key.status).toBe(201);
    const revoked = await http('DELETE', `${gw.adminUrl}/internal/api-keys/${key.body.id}`, { token: gw.operatorToken, headers: json });
    expect(revoked.status).toBe(204);
  });

  it('answers 401 before anything about the body, and 400 for text it cannot store', async () => {
    const garbage = await http('POST', `${gw.adminUrl}/internal/merchants`, { headers: { 'content-type': 'application/json' }, rawBody: '{"nombre":' });
    expectUnauthorized(garbage);
    const nul = await http('POST', `${gw.adminUrl}/internal/merchants`, {
      token: gw.operatorToken,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"nombre":"a\\u0000b"}',
    });
    expect(nul.status).toBe(400);
    expect(nul.body.message.fieldErrors.nombre).toEqual(['nombre must not contain the NUL character or an unpaired surrogate']);
  });

  it('revokes with 204 and no body; revoking again is harmless', async () => {
    const { keyId } = await onboardMerchant(gw, { register: false });
    const answer = await op('DELETE', `/internal/api-keys/${keyId}`);
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect((await op('DELETE', `/internal/api-keys/${keyId}`)).status).toBe(204);
  });
});

describe('operator writes that take no body', () => {
  it('approval and revocation refuse a body with fields (400 on each), and do nothing', async () => {
    const { body: merchant } = await op('POST', '/internal/merchants', { nombre: 'Tienda' });
    const refused = await op('POST', `/internal/merchants/${merchant.id}/aprobacion`, { aprobado: false });
    expect(refused.status).toBe(400);
    expect(refused.body.message.fieldErrors).toEqual({ aprobado: ['aprobado is not a field of this request'] });
    const { body: key } = await op('POST', `/internal/merchants/${merchant.id}/api-keys`, {});
    const me = () => http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: key.key });
    expect((await me()).body.aprobado).toBe(false);

    const notRevoked = await op('DELETE', `/internal/api-keys/${key.id}`, { motivo: 'filtrada' });
    expect(notRevoked.status).toBe(400);
    expect(notRevoked.body.message.fieldErrors).toEqual({ motivo: ['motivo is not a field of this request'] });
    expect((await me()).status).toBe(200);

    expect((await op('POST', `/internal/merchants/${merchant.id}/aprobacion`, {})).status).toBe(200);
    expect((await op('DELETE', `/internal/api-keys/${key.id}`)).status).toBe(204);
    expect((await me()).status).toBe(401);
  });
});
