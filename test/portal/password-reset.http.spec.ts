// A person who forgot the password gets a one-time link from an administrator or the operator, over real HTTP.
import { createHash } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { MovableClock } from './charges-fixture.js';
import { acceptInvitation, csrfOf, operatorInvites, PortalClient, signIn, STRONG_PASSWORD } from './portal-client.js';

const NEW_PASSWORD = 'otra frase para la tienda nueva';

describe('portal password reset', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  let other: OnboardedMerchant;
  let readerKey: string;
  const clock = new MovableClock();

  beforeAll(async () => {
    gw = await startTestGateway({}, clock);
    shop = await onboardMerchant(gw, { nombre: 'Panadería Central' });
    other = await onboardMerchant(gw, { nombre: 'Otra Tienda' });
    readerKey = (await issueKey(gw, shop.merchantId, 'lectura')).key;
  });
  afterAll(() => gw.close());

  async function activePerson(email: string, merchantId = shop.merchantId): Promise<{ id: string; client: PortalClient }> {
    const client = await acceptInvitation(gw, await operatorInvites(gw, merchantId, email, 'Persona'));
    const [row] = await gw.infra.dataSource.query('SELECT id FROM personas WHERE email = $1 AND merchant_id = $2', [email, merchantId]);
    return { id: row.id, client };
  }

  const issue = (personId: string, token = shop.apiKey) => http('POST', `${gw.publicUrl}/v1/personas/${personId}/restablecimiento`, { token });

  it('an administrador key gets a 1-hour link; only its SHA-256 is stored and who issued it is recorded', async () => {
    const { id } = await activePerson('luis@pan.co');
    const answer = await issue(id);
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(new RegExp(`^${gw.publicUrl}/portal/restablecer/[A-Za-z0-9_-]{43}$`));
    const expiresIn = new Date(answer.body.expiraEn).getTime() - clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const token = answer.body.url.split('/').pop();
    const [row] = await gw.infra.dataSource.query('SELECT encode(restablecimiento_hash, $2) AS hash FROM personas WHERE id = $1', [id, 'hex']);
    expect(row.hash).toBe(createHash('sha256').update(token).digest('hex'));
    const history = await gw.infra.dataSource.query('SELECT accion, actor FROM personas_cambios WHERE persona_id = $1 ORDER BY id', [id]);
    expect(history.map((h: { accion: string }) => h.accion)).toEqual(['invitada', 'activada', 'restablecimiento_emitido']);
    expect(history[2].actor).toEqual({ type: 'merchant-key', id: shop.keyId });
  });

  it('resetting replaces the password, ends every session, spends the link and signs in', async () => {
    const { id, client: oldSession } = await activePerson('marta@pan.co');
    const { client: phone } = await signIn(gw, 'marta@pan.co');
    expect((await phone.get('/portal/sesiones')).status).toBe(200);
    const path = new URL((await issue(id)).body.url).pathname;

    const browser = new PortalClient(gw.publicUrl);
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Panadería Central');
    const csrf = csrfOf(page.text);
    const short = await browser.post(path, { csrf, password: 'corta', confirmacion: 'corta' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('al menos 12 caracteres');
    expect((await browser.post(path, { csrf, password: NEW_PASSWORD, confirmacion: `${NEW_PASSWORD}x` })).text).toContain('no coinciden');
    const done = await browser.post(path, { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/portal/resumen?hecho=contrasena');
    expect((await browser.get('/portal/sesiones')).status).toBe(200);

    expect((await oldSession.get('/portal/sesiones')).status).toBe(303);
    expect((await phone.get('/portal/sesiones')).status).toBe(303);
    expect((await signIn(gw, 'marta@pan.co', STRONG_PASSWORD)).answer.status).toBe(401);
    expect((await signIn(gw, 'marta@pan.co', NEW_PASSWORD)).answer.status).toBe(303);

    const [row] = await gw.infra.dataSource.query('SELECT password_hash, restablecimiento_hash FROM personas WHERE id = $1', [id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.restablecimiento_hash).toBeNull();
    const [last] = await gw.infra.dataSource.query('SELECT accion, actor FROM personas_cambios WHERE persona_id = $1 ORDER BY id DESC LIMIT 1', [id]);
    expect(last).toEqual({ accion: 'contrasena_restablecida', actor: { type: 'person', id } });

    const again = new PortalClient(gw.publicUrl);
    expect((await again.get(path)).status).toBe(404);
    const replay = await browser.post(path, { csrf, password: `${NEW_PASSWORD} 2`, confirmacion: `${NEW_PASSWORD} 2` });
    expect(replay.status).toBe(404);
    expect(replay.text).toContain('Este enlace ya no sirve');
  });

  it('a new link replaces the previous one, and a link refuses after its hour', async () => {
    const { id } = await activePerson('nico@pan.co');
    const first = new URL((await issue(id)).body.url).pathname;
    const second = new URL((await issue(id)).body.url).pathname;
    expect((await new PortalClient(gw.publicUrl).get(first)).status).toBe(404);
    const browser = new PortalClient(gw.publicUrl);
    const page = await browser.get(second);
    expect(page.status).toBe(200);
    clock.advance(61 * 60_000);
    const late = await browser.post(second, { csrf: csrfOf(page.text), password: NEW_PASSWORD, confirmacion: NEW_PASSWORD });
    expect(late.status).toBe(410);
    expect(late.text).toContain('Este enlace venció');
    expect((await new PortalClient(gw.publicUrl).get(second)).status).toBe(410);
    expect((await signIn(gw, 'nico@pan.co', STRONG_PASSWORD)).answer.status).toBe(303);
  });

  it('a lectura key is refused with 403 and nothing is written', async () => {
    const { id } = await activePerson('olga@pan.co');
    const before = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM personas_cambios WHERE persona_id = $1', [id]);
    const answer = await issue(id, readerKey);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden_role');
    const [row] = await gw.infra.dataSource.query('SELECT restablecimiento_hash FROM personas WHERE id = $1', [id]);
    expect(row.restablecimiento_hash).toBeNull();
    const after = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM personas_cambios WHERE persona_id = $1', [id]);
    expect(after[0].n).toBe(before[0].n);
  });

  it("another merchant's person or a malformed id is 404; a person still invitada is 409 person_not_active", async () => {
    const { id: outsider } = await activePerson('pablo@otra.co', other.merchantId);
    expect((await issue(outsider)).status).toBe(404);
    expect((await issue('no-es-un-uuid')).status).toBe(404);
    expect((await issue('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    await operatorInvites(gw, shop.merchantId, 'quique@pan.co', 'Quique');
    const [invited] = await gw.infra.dataSource.query("SELECT id FROM personas WHERE email = 'quique@pan.co'");
    const answer = await issue(invited.id);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('person_not_active');
  });

  it('the operator issues a link for any merchant; a merchant key on the operator route is 401', async () => {
    const { id } = await activePerson('rosa@otra.co', other.merchantId);
    const url = `${gw.adminUrl}/internal/personas/${id}/restablecimiento`;
    expect((await http('POST', url, { token: shop.apiKey })).status).toBe(401);
    const answer = await http('POST', url, { token: gw.operatorToken });
    expect(answer.status).toBe(201);
    const path = new URL(answer.body.url).pathname;
    const browser = new PortalClient(gw.publicUrl);
    const done = await browser.submit(path, path, { password: NEW_PASSWORD, confirmacion: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect((await signIn(gw, 'rosa@otra.co', NEW_PASSWORD)).answer.status).toBe(303);
    const [issued] = await gw.infra.dataSource.query("SELECT actor FROM personas_cambios WHERE persona_id = $1 AND accion = 'restablecimiento_emitido'", [id]);
    expect(issued.actor).toEqual({ type: 'operator', id: 'operator-token' });
  });

  it('in the portal an administrador gets the link from the Personas page; a lectura person is refused', async () => {
    const admin = await activePerson('sara@pan.co');
    const { id: target } = await activePerson('tomas@pan.co');
    const people = await admin.client.get('/portal/configuracion/personas');
    expect(people.text).toContain(`/portal/configuracion/personas/${target}/restablecer`);
    const issued = await admin.client.post(`/portal/configuracion/personas/${target}/restablecer`, { csrf: csrfOf(people.text) });
    expect(issued.status).toBe(200);
    const link = /id="enlace-restablecer">([^<]+)</.exec(issued.text)?.[1];
    expect(link).toMatch(/\/portal\/restablecer\//);
    const [row] = await gw.infra.dataSource.query("SELECT actor FROM personas_cambios WHERE persona_id = $1 AND accion = 'restablecimiento_emitido'", [target]);
    expect(row.actor).toEqual({ type: 'person', id: admin.id });

    expect((await http('PATCH', `${gw.publicUrl}/v1/personas/${target}`, { token: shop.apiKey, body: { rol: 'lectura' } })).status).toBe(200);
    const { client: reader } = await signIn(gw, 'tomas@pan.co');
    const readerPage = await reader.get('/portal/configuracion/personas');
    expect(readerPage.text).not.toContain('/restablecer');
    const refused = await reader.post(`/portal/configuracion/personas/${admin.id}/restablecer`, { csrf: csrfOf(readerPage.text) });
    expect(refused.status).toBe(403);
    const [adminRow] = await gw.infra.dataSource.query('SELECT restablecimiento_hash FROM personas WHERE id = $1', [admin.id]);
    expect(adminRow.restablecimiento_hash).toBeNull();
  });
});

// Someone who knows the old password signs in while its owner resets it. A sign-in that read the old hash just before
// the reset committed opened its session just after the reset ended every session: it stayed open (3 of 8 in a run),
// so the reset did not put out whoever knew the old password. A real clock: the slow-down's waits must run out.
describe('a sign-in with the old password racing a reset', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw, { nombre: 'Panadería Central' });
  });
  afterAll(() => gw.close());

  it('no session opened with the old password outlives the reset', async () => {
    for (let round = 0; round < 4; round += 1) {
      const email = `carrera${round}@pan.co`;
      await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, email, 'Persona'));
      const [person] = await gw.infra.dataSource.query('SELECT id FROM personas WHERE email = $1', [email]);
      const link = await http('POST', `${gw.publicUrl}/v1/personas/${person.id}/restablecimiento`, { token: shop.apiKey });
      const path = new URL(link.body.url).pathname;
      const owner = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await owner.get(path)).text);
      const others = Array.from({ length: 6 }, () => new PortalClient(gw.publicUrl));
      const forms = await Promise.all(others.map(async (client) => csrfOf((await client.get('/portal/ingresar')).text)));
      // Spread over the reset's own work (hashing the new password, then the update and the closing of sessions).
      const [done] = await Promise.all([
        owner.post(path, { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD }),
        ...others.map(async (client, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 5));
          return client.post('/portal/ingresar', { csrf: forms[i]!, email, password: STRONG_PASSWORD });
        }),
      ]);
      expect(done.status).toBe(303);
      for (const client of others) expect((await client.get('/portal/sesiones')).status).toBe(303);
      const open = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM portal_sesiones WHERE persona_id = $1 AND cerrada_en IS NULL', [person.id]);
      expect(open[0].n).toBe(1);
    }
  });
});
