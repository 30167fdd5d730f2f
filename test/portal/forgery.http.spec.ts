// Every form post the portal takes (each one the fuzz's route list names) is refused with the 403 page, and changes
// nothing, when it lacks the anti-forgery token, carries another session's or another browser's, or comes from
// another site with the right one: a page elsewhere cannot act for a signed-in person, nor sign anyone in.
import { randomUUID } from 'node:crypto';
import { routes, type Fixture } from '../fuzz/routes.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, csrfOf, operatorInvites, PortalClient } from './portal-client.js';

describe('anti-forgery on every portal post', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw, { nombre: 'Tienda Formal' });
  });
  afterAll(() => gw.close());

  /** What a forged post could change: the merchant's people, sessions, endpoint and histories. */
  async function state(): Promise<unknown> {
    const read = (sql: string) => gw.infra.dataSource.query(sql);
    return {
      personas: await read('SELECT id, rol, password_hash, eliminada_en FROM personas ORDER BY id'),
      sesiones: await read('SELECT id, cerrada_en FROM portal_sesiones ORDER BY id'),
      endpoints: await read('SELECT * FROM webhook_endpoints ORDER BY id'),
      cambios: await read('SELECT count(*)::int AS n FROM personas_cambios'),
      registros: await read('SELECT * FROM web_registrations ORDER BY merchant_id'),
      entregas: await read('SELECT count(*)::int AS n FROM webhook_attempts'),
    };
  }

  it('refuses each with the 403 page: no token, a token not its own, another site', async () => {
    const admin = await acceptInvitation(gw, await operatorInvites(gw, merchant.merchantId, 'duena@formal.co'));
    const other = await acceptInvitation(gw, await operatorInvites(gw, merchant.merchantId, 'socia@formal.co'));
    const endpoint = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body: { url: 'http://127.0.0.1:9/hook' } });
    expect(endpoint.status).toBe(201);
    const people = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey })).body as Array<{ id: string; email: string }>;
    const partner = people.find((p) => p.email === 'socia@formal.co')!.id;
    const [session] = await gw.infra.dataSource.query('SELECT s.id FROM portal_sesiones s JOIN personas p ON p.id = s.persona_id WHERE p.email = $1', ['socia@formal.co']);
    const invitation = await http('POST', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey, body: { email: 'nueva@formal.co', nombre: 'Nueva', rol: 'lectura' } });
    const reset = await http('POST', `${gw.publicUrl}/v1/personas/${partner}/restablecimiento`, { token: merchant.apiKey });
    const fixture: Fixture = {
      merchantId: merchant.merchantId,
      chargeId: randomUUID(),
      approvedChargeId: randomUUID(),
      checkoutToken: 'A'.repeat(54),
      personId: partner,
      portalPersonId: partner,
      keyIdToRevoke: randomUUID(),
      deliveryId: randomUUID(),
      sessionId: session.id,
      invitationToken: String(invitation.body.invitacion.url).split('/').at(-1)!,
      resetToken: String(reset.body.url).split('/').at(-1)!,
      sandboxSessionId: randomUUID(),
      otherMerchantId: randomUUID(),
    };
    const posts = routes(fixture).filter((r) => r.method === 'POST' && r.door.startsWith('portal') && r.path !== '/portal/no-existe');
    expect(posts.length).toBeGreaterThan(15);

    const before = await state();
    const ownToken = csrfOf((await admin.get('/portal/sesiones')).text);
    const otherToken = csrfOf((await other.get('/portal/sesiones')).text);
    const failures: string[] = [];
    for (const route of posts) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => route.params![name]!);
      const form = route.form ?? {};
      let client = admin;
      let token = ownToken;
      let foreignToken = otherToken;
      if (route.door === 'portal-anonymous') {
        client = new PortalClient(gw.publicUrl);
        token = csrfOf((await client.get('/portal/ingresar')).text);
        const elsewhere = new PortalClient(gw.publicUrl);
        foreignToken = csrfOf((await elsewhere.get('/portal/ingresar')).text);
      }
      const tries: Array<[string, Record<string, string>, Record<string, string>]> = [
        ['no token', form, {}],
        ['another token', { ...form, csrf: foreignToken }, {}],
        ['another origin', { ...form, csrf: token }, { origin: 'https://evil.example' }],
        ['cross-site fetch', { ...form, csrf: token }, { 'sec-fetch-site': 'cross-site' }],
      ];
      for (const [label, fields, headers] of tries) {
        const answer = await client.post(path, fields, headers);
        if (answer.status !== 403 || !answer.text.includes('El formulario venció')) failures.push(`${path} [${label}]: ${answer.status}`);
        if (answer.headers.getSetCookie().some((c) => /sesion=[^;]/.test(c))) failures.push(`${path} [${label}]: set a session`);
      }
    }
    expect(failures).toEqual([]);
    expect(await state()).toEqual(before);
    expect((await admin.get('/portal/resumen')).status).toBe(200);
  });

  it('signing in, accepting an invitation or a reset link always opens a new session: a cookie planted before is never adopted', async () => {
    await acceptInvitation(gw, await operatorInvites(gw, merchant.merchantId, 'fija@formal.co'));
    const attacker = await acceptInvitation(gw, await operatorInvites(gw, merchant.merchantId, 'atacante@formal.co'));
    const attackerToken = attacker.cookies.get('pasarela_sesion')!;
    const invitation = await http('POST', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey, body: { email: 'nueva2@formal.co', nombre: 'Nueva', rol: 'lectura' } });
    const [person] = await gw.infra.dataSource.query("SELECT id FROM personas WHERE email = 'fija@formal.co'");
    const reset = await http('POST', `${gw.publicUrl}/v1/personas/${person.id}/restablecimiento`, { token: merchant.apiKey });
    const password = 'cuatro palabras del mercado';
    const doors: Array<[string, string, Record<string, string>]> = [
      ['/portal/ingresar', '/portal/ingresar', { email: 'fija@formal.co', password }],
      [new URL(invitation.body.invitacion.url).pathname, new URL(invitation.body.invitacion.url).pathname, { password, confirmacion: password }],
      [new URL(reset.body.url).pathname, new URL(reset.body.url).pathname, { password: `${password} nueva`, confirmacion: `${password} nueva` }],
    ];
    // A made-up cookie at each door, then the attacker's own live session at the sign-in form.
    const tries: Array<[string, [string, string, Record<string, string>]]> = [...doors.map((door): [string, typeof door] => ['A'.repeat(43), door]), [attackerToken, doors[0]!]];
    for (const [planted, [page, action, fields]] of tries) {
      const victim = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await victim.get(page)).text);
      victim.cookies.set('pasarela_sesion', planted);
      const answer = await victim.post(action, { csrf, ...fields, password: action === '/portal/ingresar' && planted === attackerToken ? `${password} nueva` : fields.password! });
      expect([action, answer.status]).toEqual([action, 303]);
      const issued = victim.cookies.get('pasarela_sesion');
      expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(issued).not.toBe(planted);
    }
    // The attacker's own session, planted in the victim's browser, was closed by the sign-in over it.
    expect((await attacker.get('/portal/resumen')).status).toBe(303);
  });
});
