// POST, GET and PUT /v1/webhook-endpoint through a real server (DESIGN.md 5.15, 5.18).
import { randomBytes } from 'node:crypto';
import { AesGcmSecretBox } from '../../src/webhooks/adapters/crypto/aes-gcm.secret-box.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

const KEY = randomBytes(32);
const URL_A = 'https://tienda.example.co/webhooks/pasarela';

describe('/v1/webhook-endpoint', () => {
  let gw: TestGateway;
  const endpoint = (method: string, merchant: OnboardedMerchant, body?: unknown) =>
    http(method, `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body });

  beforeAll(async () => {
    gw = await startTestGateway({ webhookSecretKey: KEY });
  });
  afterAll(() => gw.close());

  it('registers the endpoint: 201 with id, url, activo and the signing secret', async () => {
    const merchant = await onboardMerchant(gw);
    const answer = await endpoint('POST', merchant, { url: URL_A });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual(['activo', 'id', 'secret', 'url']);
    expect(answer.body).toMatchObject({ url: URL_A, activo: true });
    expect(answer.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('never shows the secret again: GET answers the configuration with who changed it and when', async () => {
    const merchant = await onboardMerchant(gw);
    const created = await endpoint('POST', merchant, { url: URL_A });
    const read = await endpoint('GET', merchant);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: created.body.id,
      url: URL_A,
      activo: true,
      creadoEn: expect.any(String),
      actualizadoEn: read.body.creadoEn,
      actualizadoPor: { type: 'merchant-key', id: merchant.keyId },
      secretoAnteriorValidoHasta: null,
    });
    expect(read.text).not.toContain(created.body.secret);
  });

  it('keeps the secret encrypted at rest with the configured key', async () => {
    const merchant = await onboardMerchant(gw);
    const created = await endpoint('POST', merchant, { url: URL_A });
    const [row] = await gw.infra.dataSource.query('SELECT * FROM webhook_endpoints WHERE id = $1', [created.body.id]);
    expect(JSON.stringify(row)).not.toContain(created.body.secret);
    expect(JSON.stringify(row)).not.toContain(created.body.secret.slice(6, 30));
    expect(new AesGcmSecretBox(KEY).open(row.secret_sealed, created.body.id)).toBe(created.body.secret);
  });

  it('allows one endpoint per merchant: a second POST is 409 webhook_endpoint_exists and changes nothing', async () => {
    const merchant = await onboardMerchant(gw);
    await endpoint('POST', merchant, { url: URL_A });
    const again = await endpoint('POST', merchant, { url: 'https://otra.example.co/hooks' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, code: 'webhook_endpoint_exists' });
    expect((await endpoint('GET', merchant)).body.url).toBe(URL_A);
  });

  it('answers GET and PUT with 404 not_found before anything is registered', async () => {
    const merchant = await onboardMerchant(gw);
    expect((await endpoint('GET', merchant)).body).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect((await endpoint('PUT', merchant, { activo: false })).status).toBe(404);
  });

  it('changes the URL and deactivates through PUT, recording every change with who and when', async () => {
    const merchant = await onboardMerchant(gw);
    const created = await endpoint('POST', merchant, { url: URL_A });
    const moved = await endpoint('PUT', merchant, { url: 'https://hooks.tienda.example.co/v2' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: created.body.id, url: 'https://hooks.tienda.example.co/v2', activo: true });
    const off = await endpoint('PUT', merchant, { activo: false });
    expect(off.body).toMatchObject({ url: 'https://hooks.tienda.example.co/v2', activo: false });
    expect(off.body).not.toHaveProperty('secret');
    expect(off.text).not.toContain(created.body.secret);

    const changes = await gw.infra.dataSource.query(
      'SELECT url_before, url_after, activo_before, activo_after, actor FROM webhook_endpoint_changes WHERE endpoint_id = $1 ORDER BY id',
      [created.body.id],
    );
    const actor = { type: 'merchant-key', id: merchant.keyId };
    expect(changes).toEqual([
      { url_before: null, url_after: URL_A, activo_before: null, activo_after: true, actor },
      { url_before: URL_A, url_after: 'https://hooks.tienda.example.co/v2', activo_before: true, activo_after: true, actor },
      { url_before: 'https://hooks.tienda.example.co/v2', url_after: 'https://hooks.tienda.example.co/v2', activo_before: true, activo_after: false, actor },
    ]);
  });

  it('refuses writes by a read-only key with 403 forbidden_role, and lets it read', async () => {
    const merchant = await onboardMerchant(gw);
    const reader = await issueKey(gw, merchant.merchantId, 'lectura');
    const asReader = (method: string, body?: unknown) =>
      http(method, `${gw.publicUrl}/v1/webhook-endpoint`, { token: reader.key, body });
    expect((await asReader('POST', { url: URL_A })).body).toMatchObject({ statusCode: 403, code: 'forbidden_role' });
    await endpoint('POST', merchant, { url: URL_A });
    expect((await asReader('PUT', { activo: false })).body).toMatchObject({ statusCode: 403, code: 'forbidden_role' });
    expect((await asReader('GET')).body).toMatchObject({ url: URL_A, activo: true });
  });

  it('rolling the secret takes no body: a field is refused with 400 and the secret stays', async () => {
    const merchant = await onboardMerchant(gw);
    expect((await endpoint('POST', merchant, { url: URL_A })).status).toBe(201);
    const roll = (body?: unknown) => http('POST', `${gw.publicUrl}/v1/webhook-endpoint/secreto`, { token: merchant.apiKey, body });
    const refused = await roll({ secret: 'whsec_mine' });
    expect(refused.status).toBe(400);
    expect(refused.body.message.fieldErrors).toEqual({ secret: ['secret is not a field of this request'] });
    expect((await endpoint('GET', merchant)).body.secretoAnteriorValidoHasta).toBeNull();
    expect((await roll()).status).toBe(201);
  });

  it('answers 401 without a valid key', async () => {
    const answer = await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: 'svcpk_wrong' });
    expect(answer.status).toBe(401);
  });

  it('refuses bad bodies field by field: a missing or non-https url, unknown fields, an empty PUT, a non-boolean activo', async () => {
    const merchant = await onboardMerchant(gw);
    const fieldErrors = async (method: string, body: unknown) => {
      const answer = await endpoint(method, merchant, body);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect((await fieldErrors('POST', {})).fieldErrors.url).toEqual(expect.arrayContaining(['url is required']));
    expect((await fieldErrors('POST', { url: 'http://tienda.example.co/hooks' })).fieldErrors.url[0]).toMatch(/https/);
    expect((await fieldErrors('POST', { url: 'https://10.0.0.7/hooks' })).fieldErrors.url[0]).toMatch(/10\.0\.0\.0\/8/);
    expect((await fieldErrors('POST', { url: URL_A, secret: 'mine' })).fieldErrors.secret).toBeDefined();
    // Port 0 parses, but no connection can reach it: every delivery would fail.
    expect((await fieldErrors('POST', { url: 'https://tienda.example.co:0/hooks' })).fieldErrors.url).toEqual(['url must not use port 0']);
    expect((await fieldErrors('POST', { url: 'http://127.0.0.1:0/hooks' })).fieldErrors.url).toEqual(['url must not use port 0']);
    await endpoint('POST', merchant, { url: URL_A });
    expect((await fieldErrors('PUT', {})).formErrors).toEqual(['Send url, activo or both']);
    expect((await fieldErrors('PUT', { activo: 'no' })).fieldErrors.activo).toEqual(['activo must be true or false']);
    expect((await fieldErrors('PUT', { url: null })).fieldErrors.url).toEqual(['url must be a string']);
    expect((await endpoint('GET', merchant)).body).toMatchObject({ url: URL_A, activo: true });
  });

  it('names every problem of a body in one 400: the URL rules beside unknown fields and type errors', async () => {
    const merchant = await onboardMerchant(gw);
    const message = async (method: string, body: unknown) => {
      const answer = await endpoint(method, merchant, body);
      expect(answer.status).toBe(400);
      return answer.body.message;
    };
    expect(await message('POST', { url: 'http://tienda.example.co/hooks', secret: 'mine' })).toEqual({
      formErrors: [],
      fieldErrors: { secret: ['secret is not a known field'], url: ['url must be https (http only to this machine in the dev mode)'] },
    });
    await endpoint('POST', merchant, { url: URL_A });
    expect(await message('PUT', { url: `${URL_A}#nuevo`, activo: 'no' })).toEqual({
      formErrors: [],
      fieldErrors: { url: ['url must not have a fragment (#...)'], activo: ['activo must be true or false'] },
    });
    expect(await message('PUT', { activar: true })).toEqual({
      formErrors: ['Send url, activo or both'],
      fieldErrors: { activar: ['activar is not a known field'] },
    });
    // Named like a built-in (which the pipe's whitelist would drop unseen): named beside the body's own rule.
    expect(await message('PUT', { constructor: 1 })).toEqual({
      formErrors: ['Send url, activo or both'],
      fieldErrors: { constructor: ['constructor is not a known field'] },
    });
    expect(await message('PUT', { url: ['https://otra.example.co/hooks'], activo: 1, nota: 'x' })).toEqual({
      formErrors: [],
      fieldErrors: { url: ['url must be a string'], activo: ['activo must be true or false'], nota: ['nota is not a known field'] },
    });
    expect((await endpoint('GET', merchant)).body).toMatchObject({ url: URL_A, activo: true });
  });

  it('holds the 2048-character limit for the URL as stored: what GET answers can be sent back in a PUT', async () => {
    const merchant = await onboardMerchant(gw);
    // 2026 characters as sent; each ñ is stored percent-encoded (%C3%B1), 12 026 characters.
    const encodedLonger = `https://tienda.example.co/${'ñ'.repeat(2000)}`;
    const refused = await endpoint('POST', merchant, { url: encodedLonger });
    expect(refused.status).toBe(400);
    expect(refused.body.message.fieldErrors.url).toEqual([expect.stringMatching(/^url must be at most 2048 characters long.*12026/)]);
    expect((await endpoint('GET', merchant)).status).toBe(404);

    // Exactly 2048 once encoded: accepted, and the URL read back is accepted again as it is.
    const base = 'https://tienda.example.co/';
    const atLimit = `${base}${'ñ'.repeat(337)}${'a'.repeat(2048 - base.length - 337 * 6)}`;
    expect(new URL(atLimit).href).toHaveLength(2048);
    expect((await endpoint('POST', merchant, { url: atLimit })).status).toBe(201);
    const stored = (await endpoint('GET', merchant)).body.url;
    expect(stored).toHaveLength(2048);
    expect((await endpoint('PUT', merchant, { url: stored })).status).toBe(200);
  });

  it('accepts http to this machine in the dev mode (the embedded default), for trying webhooks locally', async () => {
    const merchant = await onboardMerchant(gw);
    expect((await endpoint('POST', merchant, { url: 'http://localhost:4000/webhooks' })).status).toBe(201);
  });
});

describe('/v1/webhook-endpoint in production mode', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ webhookAllowLoopback: false });
  });
  afterAll(() => gw.close());

  it('refuses a URL on this machine', async () => {
    const merchant = await onboardMerchant(gw);
    const answer = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body: { url: 'http://localhost:4000/webhooks' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors.url).toEqual(['url must be https']);
  });
});
