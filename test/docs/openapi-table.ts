// How to call each operation of /docs/openapi.json for real, status by status: the conformance tests' table.
import { randomUUID } from 'node:crypto';
import { acceptInvitation } from '../portal/portal-client.js';
import { http, waitUntil, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge, merchantWithEndpoint } from '../webhooks/support/webhooks.js';

export interface Fixtures {
  gw: TestGateway;
  /** An approved merchant with site registered, no webhook endpoint. */
  shop: OnboardedMerchant;
  /** A lectura key of `shop`. */
  reader: string;
  /** A merchant with a webhook endpoint. */
  hooked: OnboardedMerchant;
  approvedCharge: string;
  pendingCharge: string;
}

export interface Request {
  path: string;
  token?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  /** The body is wrong on purpose (a 400 case): not checked against the requestBody schema. */
  invalid?: true;
  /** What the answer must show beyond the document (e.g. the replay header). */
  expect?: (answer: HttpAnswer) => void;
}

export type Case = { status: number; name: string; request: (f: Fixtures) => Promise<Request> | Request };

export const WEBHOOK_URL = 'https://hooks.tienda.example.co/pasarela';
const unique = () => randomUUID().slice(0, 8);
const charge = (merchantId: string) => ({ merchantId, monto: 150000, moneda: 'COP', referencia: `OAS-${unique()}` });
const idem = () => ({ 'idempotency-key': randomUUID() });
const invite = (rol = 'lectura') => ({ email: `p-${unique()}@tienda.co`, nombre: 'Persona', rol });

async function invited(f: Fixtures, merchant: OnboardedMerchant, rol = 'lectura'): Promise<{ id: string; invitacion: { url: string } }> {
  const answer = await http('POST', `${f.gw.publicUrl}/v1/personas`, { token: merchant.apiKey, body: invite(rol) });
  if (answer.status !== 201) throw new Error(`invite answered ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** A merchant whose only person is an administrador: demoting or removing that person is 409 last_administrator. */
async function loneAdministrator(f: Fixtures): Promise<{ merchant: OnboardedMerchant; id: string }> {
  const merchant = await onboardMerchant(f.gw);
  return { merchant, id: (await invited(f, merchant, 'administrador')).id };
}

/** The sandbox provider leaves its next session call unanswered: the gateway gives up after providerTimeoutMs. */
async function silentProvider(f: Fixtures): Promise<void> {
  const answer = await http('PUT', `${f.gw.adminUrl}/internal/sandbox/comportamiento`, { token: f.gw.operatorToken, body: { silencio: true, veces: 1 } });
  if (answer.status !== 200) throw new Error(`sandbox behaviour answered ${answer.status}: ${answer.text}`);
}

export const TABLE: Record<string, Case[]> = {
  'GET /v1/merchants/me': [{ status: 200, name: 'the merchant', request: (f) => ({ path: '/v1/merchants/me', token: f.shop.apiKey }) }],
  'GET /v1/merchants/me/registro-web': [
    { status: 200, name: 'registered', request: (f) => ({ path: '/v1/merchants/me/registro-web', token: f.shop.apiKey }) },
    {
      status: 200,
      name: 'nothing registered: nulls',
      request: async (f) => ({ path: '/v1/merchants/me/registro-web', token: (await onboardMerchant(f.gw, { register: false })).apiKey }),
    },
  ],
  'PUT /v1/merchants/me/registro-web': [
    {
      status: 200,
      name: 'saved',
      request: (f) => ({ path: '/v1/merchants/me/registro-web', token: f.shop.apiKey, body: { sitioWeb: 'https://tienda.example.co', urlRetorno: 'https://tienda.example.co/gracias' } }),
    },
    {
      status: 400,
      name: 'not https',
      request: (f) => ({ path: '/v1/merchants/me/registro-web', token: f.shop.apiKey, body: { sitioWeb: 'http://tienda.example.co', urlRetorno: 'https://tienda.example.co/g' }, invalid: true }),
    },
    { status: 403, name: 'a lectura key', request: (f) => ({ path: '/v1/merchants/me/registro-web', token: f.reader, body: { sitioWeb: 'https://tienda.example.co', urlRetorno: 'https://tienda.example.co/g' } }) },
  ],
  'GET /v1/merchants/me/cambios': [
    { status: 200, name: 'a page of changes', request: (f) => ({ path: '/v1/merchants/me/cambios?limit=5', token: f.shop.apiKey }) },
    { status: 400, name: 'limit 0', request: (f) => ({ path: '/v1/merchants/me/cambios?limit=0', token: f.shop.apiKey }) },
  ],
  'GET /v1/personas': [{ status: 200, name: 'the people', request: async (f) => (await invited(f, f.shop), { path: '/v1/personas', token: f.shop.apiKey }) }],
  'POST /v1/personas': [
    { status: 201, name: 'invited', request: (f) => ({ path: '/v1/personas', token: f.shop.apiKey, body: invite() }) },
    { status: 400, name: 'not an email', request: (f) => ({ path: '/v1/personas', token: f.shop.apiKey, body: { ...invite(), email: 'no-es-correo' }, invalid: true }) },
    { status: 403, name: 'a lectura key', request: (f) => ({ path: '/v1/personas', token: f.reader, body: invite() }) },
    {
      status: 409,
      name: 'the same email, invited with another role',
      request: async (f) => {
        const body = invite();
        await http('POST', `${f.gw.publicUrl}/v1/personas`, { token: f.shop.apiKey, body });
        return { path: '/v1/personas', token: f.shop.apiKey, body: { ...body, rol: 'administrador' } };
      },
    },
  ],
  'PATCH /v1/personas/{id}': [
    { status: 200, name: 'role changed', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}`, token: f.shop.apiKey, body: { rol: 'administrador' } }) },
    { status: 400, name: 'an unknown role', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}`, token: f.shop.apiKey, body: { rol: 'superusuario' }, invalid: true }) },
    { status: 403, name: 'a lectura key', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}`, token: f.reader, body: { rol: 'administrador' } }) },
    { status: 404, name: 'no such person', request: (f) => ({ path: `/v1/personas/${randomUUID()}`, token: f.shop.apiKey, body: { rol: 'administrador' } }) },
    {
      status: 409,
      name: 'the last administrador',
      request: async (f) => {
        const { merchant, id } = await loneAdministrator(f);
        return { path: `/v1/personas/${id}`, token: merchant.apiKey, body: { rol: 'lectura' } };
      },
    },
  ],
  'DELETE /v1/personas/{id}': [
    { status: 204, name: 'removed', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}`, token: f.shop.apiKey }) },
    { status: 403, name: 'a lectura key', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}`, token: f.reader }) },
    { status: 404, name: 'no such person', request: (f) => ({ path: `/v1/personas/${randomUUID()}`, token: f.shop.apiKey }) },
    {
      status: 409,
      name: 'the last administrador',
      request: async (f) => {
        const { merchant, id } = await loneAdministrator(f);
        return { path: `/v1/personas/${id}`, token: merchant.apiKey };
      },
    },
  ],
  'POST /v1/personas/{id}/restablecimiento': [
    {
      status: 201,
      name: 'a reset link',
      request: async (f) => {
        const person = await invited(f, f.shop);
        await acceptInvitation(f.gw, new URL(person.invitacion.url).pathname);
        return { path: `/v1/personas/${person.id}/restablecimiento`, token: f.shop.apiKey };
      },
    },
    { status: 403, name: 'a lectura key', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}/restablecimiento`, token: f.reader }) },
    { status: 404, name: 'no such person', request: (f) => ({ path: `/v1/personas/${randomUUID()}/restablecimiento`, token: f.shop.apiKey }) },
    { status: 409, name: 'still only invited', request: async (f) => ({ path: `/v1/personas/${(await invited(f, f.shop)).id}/restablecimiento`, token: f.shop.apiKey }) },
  ],
  'GET /v1/pagos/bancos': [{ status: 200, name: 'the banks', request: (f) => ({ path: '/v1/pagos/bancos', token: f.shop.apiKey }) }],
  'POST /v1/pagos': [
    { status: 201, name: 'created', request: (f) => ({ path: '/v1/pagos', token: f.shop.apiKey, headers: idem(), body: charge(f.shop.merchantId) }) },
    {
      status: 201,
      name: 'a replayed Idempotency-Key',
      request: async (f) => {
        const [headers, body] = [idem(), charge(f.shop.merchantId)];
        await http('POST', `${f.gw.publicUrl}/v1/pagos`, { token: f.shop.apiKey, headers, body });
        return { path: '/v1/pagos', token: f.shop.apiKey, headers, body, expect: (a) => expect(a.headers.get('idempotent-replayed')).toBe('true') };
      },
    },
    {
      status: 201,
      name: 'the old name montoMinor: Deprecation and Link',
      request: (f) => {
        const { monto, ...rest } = charge(f.shop.merchantId);
        return {
          path: '/v1/pagos',
          token: f.shop.apiKey,
          headers: idem(),
          body: { ...rest, montoMinor: monto },
          expect: (a) => expect([a.headers.get('deprecation'), a.headers.get('link')]).toEqual([expect.stringMatching(/^@\d+$/), expect.stringContaining('deprecation')]),
        };
      },
    },
    { status: 400, name: 'no Idempotency-Key', request: (f) => ({ path: '/v1/pagos', token: f.shop.apiKey, body: charge(f.shop.merchantId) }) },
    { status: 400, name: 'monto 0', request: (f) => ({ path: '/v1/pagos', token: f.shop.apiKey, headers: idem(), body: { ...charge(f.shop.merchantId), monto: 0 }, invalid: true }) },
    { status: 403, name: 'a lectura key', request: (f) => ({ path: '/v1/pagos', token: f.reader, headers: idem(), body: charge(f.shop.merchantId) }) },
    {
      status: 409,
      name: 'a key reused with another body',
      request: async (f) => {
        const headers = idem();
        await http('POST', `${f.gw.publicUrl}/v1/pagos`, { token: f.shop.apiKey, headers, body: charge(f.shop.merchantId) });
        return { path: '/v1/pagos', token: f.shop.apiKey, headers, body: charge(f.shop.merchantId) };
      },
    },
    {
      status: 409,
      name: 'site not registered',
      request: async (f) => {
        const merchant = await onboardMerchant(f.gw, { register: false });
        return { path: '/v1/pagos', token: merchant.apiKey, headers: idem(), body: charge(merchant.merchantId) };
      },
    },
    {
      status: 409,
      name: 'merchant not approved',
      request: async (f) => {
        const merchant = await onboardMerchant(f.gw, { approve: false });
        return { path: '/v1/pagos', token: merchant.apiKey, headers: idem(), body: charge(merchant.merchantId) };
      },
    },
    {
      status: 503,
      name: 'the provider silent',
      request: async (f) => {
        await silentProvider(f);
        return { path: '/v1/pagos', token: f.shop.apiKey, headers: idem(), body: charge(f.shop.merchantId) };
      },
    },
  ],
  'GET /v1/pagos': [
    { status: 200, name: 'a page of charges', request: (f) => ({ path: '/v1/pagos?limit=5', token: f.shop.apiKey }) },
    { status: 400, name: 'limit 0', request: (f) => ({ path: '/v1/pagos?limit=0', token: f.shop.apiKey }) },
  ],
  'GET /v1/pagos/{id}': [
    { status: 200, name: 'the charge', request: (f) => ({ path: `/v1/pagos/${f.approvedCharge}`, token: f.shop.apiKey }) },
    { status: 404, name: 'no such charge', request: (f) => ({ path: `/v1/pagos/${randomUUID()}`, token: f.shop.apiKey }) },
    { status: 404, name: 'not a uuid', request: (f) => ({ path: '/v1/pagos/nope', token: f.shop.apiKey }) },
  ],
  'POST /v1/webhook-endpoint': [
    { status: 201, name: 'registered', request: async (f) => ({ path: '/v1/webhook-endpoint', token: (await onboardMerchant(f.gw)).apiKey, body: { url: WEBHOOK_URL } }) },
    { status: 400, name: 'not https', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.shop.apiKey, body: { url: 'http://hooks.tienda.example.co/x' }, invalid: true }) },
    { status: 403, name: 'a lectura key', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.reader, body: { url: WEBHOOK_URL } }) },
    { status: 409, name: 'registered already', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.hooked.apiKey, body: { url: WEBHOOK_URL } }) },
  ],
  'GET /v1/webhook-endpoint': [
    { status: 200, name: 'the endpoint', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.hooked.apiKey }) },
    { status: 404, name: 'none registered', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.shop.apiKey }) },
  ],
  'PUT /v1/webhook-endpoint': [
    { status: 200, name: 'updated', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.hooked.apiKey, body: { url: `${WEBHOOK_URL}/v2`, activo: true } }) },
    { status: 400, name: 'not https', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.hooked.apiKey, body: { url: 'http://hooks.tienda.example.co/x' }, invalid: true }) },
    { status: 403, name: 'a lectura key', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.reader, body: { activo: false } }) },
    { status: 404, name: 'none registered', request: (f) => ({ path: '/v1/webhook-endpoint', token: f.shop.apiKey, body: { activo: false } }) },
  ],
  'POST /v1/webhook-endpoint/secreto': [
    { status: 201, name: 'rolled', request: (f) => ({ path: '/v1/webhook-endpoint/secreto', token: f.hooked.apiKey }) },
    { status: 403, name: 'a lectura key', request: (f) => ({ path: '/v1/webhook-endpoint/secreto', token: f.reader }) },
    { status: 404, name: 'none registered', request: (f) => ({ path: '/v1/webhook-endpoint/secreto', token: f.shop.apiKey }) },
  ],
  'GET /v1/pagos/{id}/liquidacion': [
    { status: 200, name: 'an approved charge', request: (f) => ({ path: `/v1/pagos/${f.approvedCharge}/liquidacion`, token: f.shop.apiKey }) },
    { status: 404, name: 'no such charge', request: (f) => ({ path: `/v1/pagos/${randomUUID()}/liquidacion`, token: f.shop.apiKey }) },
    { status: 409, name: 'a pending charge', request: (f) => ({ path: `/v1/pagos/${f.pendingCharge}/liquidacion`, token: f.shop.apiKey }) },
  ],
  'GET /v1/pagos/stats': [
    { status: 200, name: 'totals', request: (f) => ({ path: '/v1/pagos/stats?periodo=mes', token: f.shop.apiKey }) },
    { status: 400, name: 'an unknown periodo', request: (f) => ({ path: '/v1/pagos/stats?periodo=siglo', token: f.shop.apiKey }) },
  ],
};

/** What the rows need, made through the real doors: a merchant, its lectura key, one with an endpoint, two charges. */
export async function prepare(gw: TestGateway): Promise<Fixtures> {
  const shop = await onboardMerchant(gw);
  const [reader, hooked, approved, pending] = await Promise.all([
    issueKey(gw, shop.merchantId, 'lectura'),
    merchantWithEndpoint(gw, WEBHOOK_URL),
    createCharge(gw, shop),
    createCharge(gw, shop),
  ]);
  await approveCharge(gw, approved.id);
  // The settlement view follows the approval by a moment.
  await waitUntil(() => http('GET', `${gw.publicUrl}/v1/pagos/${approved.id}/liquidacion`, { token: shop.apiKey }), (a) => a.status === 200);
  return { gw, shop, reader: reader.key, hooked, approvedCharge: approved.id, pendingCharge: pending.id };
}

/** Sends a row's request to the gateway (the method is the operation's). */
export function send(gw: TestGateway, operation: string, request: Request): Promise<HttpAnswer> {
  const [method = ''] = operation.split(' ');
  const token = request.token === null ? undefined : request.token;
  return http(method, `${gw.publicUrl}${request.path}`, { token, headers: request.headers, body: request.body, rawBody: request.rawBody });
}
