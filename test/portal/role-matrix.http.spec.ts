// The role matrix (spec "Authentication" roles, DESIGN.md 5.8): a read-only (lectura) key or person reads everything
// and gets 403 forbidden_role on every write (people, site registration, charges, webhook endpoint and its signing
// secret), with nothing written. Each write is checked against a snapshot of every table it could touch.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, csrfOf, operatorInvites, signIn, STRONG_PASSWORD, type PortalClient } from './portal-client.js';

describe('read-only role: every write refused, nothing written', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  let readerKey: string;
  let adminPersonId: string;

  const snapshot = async (): Promise<Record<string, unknown>> => {
    const q = async (sql: string) => (await gw.infra.dataSource.query(sql, [shop.merchantId])) as unknown[];
    return {
      people: await q('SELECT id, email, rol, password_hash, eliminada_en, actualizado_en FROM personas WHERE merchant_id = $1 ORDER BY id'),
      peopleChanges: await q('SELECT count(*)::int AS n FROM personas_cambios WHERE merchant_id = $1'),
      site: await q('SELECT sitio_web, url_retorno, actualizado_en, actualizado_por FROM web_registrations WHERE merchant_id = $1'),
      siteChanges: await q('SELECT count(*)::int AS n FROM web_registration_changes WHERE merchant_id = $1'),
      endpoint: await q('SELECT * FROM webhook_endpoints WHERE merchant_id = $1'),
      endpointChanges: await q('SELECT count(*)::int AS n FROM webhook_endpoint_changes WHERE merchant_id = $1'),
      idempotencyKeys: await q('SELECT count(*)::int AS n FROM idempotency_keys WHERE merchant_id = $1'),
      events: await q("SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'charge-%' AND data->>'merchantId' = $1::text"),
      deliveries: await q('SELECT id, estado FROM webhook_deliveries WHERE merchant_id = $1 ORDER BY id'),
    };
  };

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw, { nombre: 'Ferretería El Tornillo' });
    readerKey = (await issueKey(gw, shop.merchantId, 'lectura')).key;
    const endpoint = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey, body: { url: 'https://tornillo.example.co/webhooks' } });
    expect(endpoint.status).toBe(201);
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'admin@tornillo.co', 'Admin'));
    adminPersonId = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body[0].id;
  });
  afterAll(() => gw.close());

  it('a lectura key reads every merchant endpoint', async () => {
    for (const path of ['/v1/merchants/me', '/v1/merchants/me/registro-web', '/v1/merchants/me/cambios', '/v1/pagos', '/v1/pagos/stats', '/v1/personas', '/v1/webhook-endpoint']) {
      const answer = await http('GET', `${gw.publicUrl}${path}`, { token: readerKey });
      expect([path, answer.status]).toEqual([path, 200]);
    }
  });

  // Five items each: Jest takes a test function with more parameters than the row has items for a done-callback test.
  const writes: Array<[string, string, () => string, unknown, Record<string, string>]> = [
    ['POST', 'invite a person', () => '/v1/personas', { email: 'nueva@tornillo.co', nombre: 'Nueva', rol: 'administrador' }, {}],
    ['PATCH', "change a person's role", () => `/v1/personas/${adminPersonId}`, { rol: 'lectura' }, {}],
    ['DELETE', "remove a person's access", () => `/v1/personas/${adminPersonId}`, undefined, {}],
    ['PUT', 'change the site registration', () => '/v1/merchants/me/registro-web', { sitioWeb: 'https://otro.example.co', urlRetorno: 'https://otro.example.co/gracias' }, {}],
    ['POST', 'create a charge', () => '/v1/pagos', { merchantId: '', monto: 10000, moneda: 'COP', referencia: 'R-1' }, { 'idempotency-key': 'lectura-intenta' }],
    ['POST', 'register a webhook endpoint', () => '/v1/webhook-endpoint', { url: 'https://otro.example.co/webhooks' }, {}],
    ['PUT', 'change the webhook endpoint URL', () => '/v1/webhook-endpoint', { url: 'https://otro.example.co/webhooks' }, {}],
    ['PUT', 'deactivate the webhook endpoint', () => '/v1/webhook-endpoint', { activo: false }, {}],
    ['POST', 'roll the webhook signing secret', () => '/v1/webhook-endpoint/secreto', undefined, {}],
  ];

  it.each(writes)('%s to %s: 403 forbidden_role, nothing written', async (method, _what, path, body, headers) => {
    const before = await snapshot();
    const payload = body && typeof body === 'object' && 'merchantId' in body ? { ...body, merchantId: shop.merchantId } : body;
    const answer = await http(method, `${gw.publicUrl}${path()}`, { token: readerKey, body: payload, headers });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ statusCode: 403, code: 'forbidden_role' });
    expect(await snapshot()).toEqual(before);
  });

  it('the refused charge did not consume its Idempotency-Key: the administrator key creates with it', async () => {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: shop.apiKey,
      headers: { 'idempotency-key': 'lectura-intenta' },
      body: { merchantId: shop.merchantId, monto: 10000, moneda: 'COP', referencia: 'R-1' },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
  });

  describe('a lectura person in the portal', () => {
    let reader: PortalClient;

    beforeAll(async () => {
      const invited = await http('POST', `${gw.publicUrl}/v1/personas`, {
        token: shop.apiKey,
        body: { email: 'lector@tornillo.co', nombre: 'Lector', rol: 'lectura' },
      });
      reader = await acceptInvitation(gw, new URL(invited.body.invitacion.url).pathname);
    });

    const portalWrites: Array<[string, () => string, Record<string, string>]> = [
      ['/portal/configuracion/sitio', () => '/portal/configuracion/sitio', { sitioWeb: 'https://otro.example.co', urlRetorno: 'https://otro.example.co/g' }],
      ['/portal/configuracion/personas', () => '/portal/configuracion/personas', { nombre: 'Intrusa', email: 'intrusa@x.co', rol: 'administrador' }],
      ['/portal/configuracion/personas/{id}/rol', () => `/portal/configuracion/personas/${adminPersonId}/rol`, { rol: 'lectura' }],
      ['/portal/configuracion/personas/{id}/quitar', () => `/portal/configuracion/personas/${adminPersonId}/quitar`, {}],
      ['/portal/configuracion/webhook', () => '/portal/configuracion/webhook', { url: 'https://otro.example.co/webhooks' }],
      ['/portal/configuracion/webhook/url', () => '/portal/configuracion/webhook/url', { url: 'https://otro.example.co/webhooks' }],
      ['/portal/configuracion/webhook/estado', () => '/portal/configuracion/webhook/estado', { activo: 'false' }],
      ['/portal/configuracion/webhook/secreto', () => '/portal/configuracion/webhook/secreto', {}],
      ['/portal/configuracion/webhook/entregas/{id}/reenviar', () => `/portal/configuracion/webhook/entregas/${randomUUID()}/reenviar`, {}],
    ];

    it.each(portalWrites)('POST %s with a valid session and token: 403 page, nothing written', async (_name, path, fields) => {
      const before = await snapshot();
      const page = await reader.get('/portal/resumen');
      const answer = await reader.post(path(), { csrf: csrfOf(page.text), ...fields });
      expect(answer.status).toBe(403);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(answer.text).toContain('Tu acceso es de solo lectura');
      expect(await snapshot()).toEqual(before);
    });

    it("the pages that only lead to a write (confirm a removal, a secret roll) are the 403 page, with no form", async () => {
      for (const path of [`/portal/configuracion/personas/${adminPersonId}/quitar`, '/portal/configuracion/webhook/secreto']) {
        const answer = await reader.get(path);
        expect([path, answer.status]).toEqual([path, 403]);
        expect(answer.text).toContain('Tu acceso es de solo lectura');
        expect(answer.text).not.toContain('<form method="post" action="/portal/configuracion/');
      }
    });

    it('reads every portal page, and may still close its own sessions and sign out', async () => {
      const list = await waitUntil(() => http('GET', `${gw.publicUrl}/v1/pagos`, { token: shop.apiKey }), (answer) => answer.body.data.length > 0);
      const charge = list.body.data[0];
      for (const path of ['/portal/resumen', '/portal/pagos', `/portal/pagos/${charge.id}`, '/portal/configuracion/sitio', '/portal/configuracion/personas', '/portal/configuracion/historial', '/portal/sesiones']) {
        const answer = await reader.get(path);
        expect([path, answer.status]).toEqual([path, 200]);
      }
      const { client: other } = await signIn(gw, 'lector@tornillo.co');
      const page = await reader.get('/portal/sesiones');
      expect((await reader.post('/portal/sesiones/cerrar-otras', { csrf: csrfOf(page.text) })).status).toBe(303);
      expect((await other.get('/portal/resumen')).status).toBe(303);
      expect((await reader.post('/portal/salir', { csrf: csrfOf(page.text) })).status).toBe(303);
      expect((await reader.get('/portal/resumen')).status).toBe(303);
    });

    it("a role changed to lectura counts at once in the open session; another merchant's person stays out of reach", async () => {
      const { client: admin } = await signIn(gw, 'admin@tornillo.co', STRONG_PASSWORD);
      const second = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'dos@tornillo.co', nombre: 'Dos', rol: 'administrador' } });
      const secondClient = await acceptInvitation(gw, new URL(second.body.invitacion.url).pathname);
      const demote = await http('PATCH', `${gw.publicUrl}/v1/personas/${second.body.id}`, { token: shop.apiKey, body: { rol: 'lectura' } });
      expect(demote.status).toBe(200);
      const page = await secondClient.get('/portal/configuracion/sitio');
      expect(page.text).not.toContain('action="/portal/configuracion/sitio"');
      const refused = await secondClient.post('/portal/configuracion/sitio', { csrf: csrfOf(page.text), sitioWeb: 'https://x.example.co', urlRetorno: 'https://x.example.co/g' });
      expect(refused.status).toBe(403);

      const other = await onboardMerchant(gw, {});
      const theirs = await http('POST', `${gw.publicUrl}/v1/personas`, { token: other.apiKey, body: { email: 'ajena@otra.co', nombre: 'Ajena', rol: 'administrador' } });
      const adminPage = await admin.get('/portal/configuracion/personas');
      for (const id of [theirs.body.id, randomUUID()]) {
        expect((await admin.get(`/portal/configuracion/personas/${id}/quitar`)).status).toBe(404);
        expect((await admin.post(`/portal/configuracion/personas/${id}/rol`, { csrf: csrfOf(adminPage.text), rol: 'lectura' })).status).toBe(404);
        expect((await admin.post(`/portal/configuracion/personas/${id}/quitar`, { csrf: csrfOf(adminPage.text) })).status).toBe(404);
      }
      expect((await http('GET', `${gw.publicUrl}/v1/personas`, { token: other.apiKey })).body[0].rol).toBe('administrador');
    });

    it('a removal posted twice (a double click, another tab) says the person had no access any more; a role change for them too', async () => {
      const { client: admin } = await signIn(gw, 'admin@tornillo.co', STRONG_PASSWORD);
      const tres = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'tres@tornillo.co', nombre: 'Tres', rol: 'lectura' } });
      const page = await admin.get(`/portal/configuracion/personas/${tres.body.id}/quitar`);
      const form = { csrf: csrfOf(page.text) };
      const first = await admin.post(`/portal/configuracion/personas/${tres.body.id}/quitar`, form);
      expect([first.status, first.location]).toEqual([303, '/portal/configuracion/personas?hecho=quitada']);
      const again = await admin.post(`/portal/configuracion/personas/${tres.body.id}/quitar`, form);
      expect([again.status, again.location]).toEqual([303, '/portal/configuracion/personas?hecho=ya_quitada']);
      expect((await admin.get(again.location!)).text).toContain('Esa persona ya no tenía acceso');
      const role = await admin.post(`/portal/configuracion/personas/${tres.body.id}/rol`, { ...form, rol: 'administrador' });
      expect([role.status, role.location]).toEqual([303, '/portal/configuracion/personas?problema=sin_acceso']);
      expect((await admin.get(role.location!)).text).toContain('esa persona ya no tiene acceso');
      expect((await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body.some((p: { id: string }) => p.id === tres.body.id)).toBe(false);
    });
  });
});
