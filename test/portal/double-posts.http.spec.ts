// A double click on a portal form sends two posts; Chromium aborts the first request (its answer, cookies included, is
// dropped) and shows the second's. These send both posts at once, or the second after the first's answer was thrown
// away, over real HTTP, and check that what the second shows is right: the invitation's link, the endpoint's secret, a
// session after setting a password (docs/decisions.md "Portal", "Posting twice, other tabs, pages of writes").
import { randomBytes } from 'node:crypto';
import { AesGcmSecretBox } from '../../src/webhooks/adapters/crypto/aes-gcm.secret-box.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { MovableClock } from './charges-fixture.js';
import { acceptInvitation, csrfOf, operatorInvites, PortalClient, signIn, STRONG_PASSWORD, type PortalAnswer } from './portal-client.js';

const KEY = randomBytes(32);
const PEOPLE = '/portal/configuracion/personas';
const WEBHOOK = '/portal/configuracion/webhook';
const NEW_PASSWORD = 'otra frase para la tienda nueva';

/** A copy of a browser at one moment: the same cookies, so two posts carry what one page would send twice. */
function twin(client: PortalClient): PortalClient {
  const copy = new PortalClient(client.baseUrl);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

const linkIn = (page: PortalAnswer): string | undefined => /https?:\/\/[^"<\s]+\/portal\/invitacion\/[A-Za-z0-9_-]{43}/.exec(page.text)?.[0];
const secretIn = (page: PortalAnswer): string | undefined => /whsec_[A-Za-z0-9_-]{43}/.exec(page.text)?.[0];

describe('posting a portal form twice', () => {
  let gw: TestGateway;
  const clock = new MovableClock();

  beforeAll(async () => {
    gw = await startTestGateway({ webhookSecretKey: KEY }, clock);
  });
  afterAll(() => gw.close());

  /** A shop with a signed-in administrator, and the page to post from. */
  async function shopWithAdmin(email: string): Promise<{ shop: OnboardedMerchant; admin: PortalClient }> {
    const shop = await onboardMerchant(gw, {});
    return { shop, admin: await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, email)) };
  }

  describe('an invitation', () => {
    it('sent twice, the second while the first is under way: the second page carries a link that works, the first\'s is unknown', async () => {
      const { admin } = await shopWithAdmin('duena@invita.co');
      const csrf = csrfOf((await admin.get(PEOPLE)).text);
      const form = { csrf, nombre: 'Carla', email: 'carla@invita.co', rol: 'lectura' };
      const first = admin.post(PEOPLE, form);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const second = await twin(admin).post(PEOPLE, form);
      const earlier = await first;
      // What the browser shows: the second answer, with a live link.
      expect(second.status).toBe(200);
      const live = linkIn(second);
      expect(live).toBeDefined();
      expect((await new PortalClient(gw.publicUrl).get(new URL(live!).pathname)).status).toBe(200);
      // The first answer (dropped by the browser) holds a link no more, whichever statement ran first.
      const dead = linkIn(earlier);
      if (dead) expect((await new PortalClient(gw.publicUrl).get(new URL(dead).pathname)).status).toBe(404);
      else expect(earlier.status).toBe(409);

      const people = await gw.infra.dataSource.query("SELECT id FROM personas WHERE email = 'carla@invita.co'");
      expect(people).toHaveLength(1);
    });

    it('invited again on purpose with the same role: a new link, said plainly; with another role: still the 409 form', async () => {
      const { admin } = await shopWithAdmin('duena@reinvita.co');
      const first = await admin.submit(PEOPLE, PEOPLE, { nombre: 'Beto', email: 'beto@reinvita.co', rol: 'lectura' });
      expect(first.status).toBe(200);
      expect(first.text).not.toContain('id="invitacion-renovada"');
      const again = await admin.submit(PEOPLE, PEOPLE, { nombre: 'Beto Ruiz', email: 'Beto@reinvita.co', rol: 'lectura' });
      expect(again.status).toBe(200);
      expect(again.text).toContain('id="invitacion-renovada"');
      expect((await new PortalClient(gw.publicUrl).get(new URL(linkIn(first)!).pathname)).status).toBe(404);
      expect((await new PortalClient(gw.publicUrl).get(new URL(linkIn(again)!).pathname)).text).toContain('Beto Ruiz');

      const promoted = await admin.submit(PEOPLE, PEOPLE, { nombre: 'Beto', email: 'beto@reinvita.co', rol: 'administrador' });
      expect(promoted.status).toBe(409);
      expect(linkIn(promoted)).toBeUndefined();
    });
  });

  describe('a webhook registration', () => {
    it('sent twice at once: both answers show the one registered secret, the repeat says nothing new was registered', async () => {
      const { shop, admin } = await shopWithAdmin('duena@hook.co');
      const csrf = csrfOf((await admin.get(WEBHOOK)).text);
      const url = 'https://tienda.example/webhooks';
      const answers = await Promise.all([admin.post(WEBHOOK, { csrf, url }), twin(admin).post(WEBHOOK, { csrf, url })]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      const secrets = answers.map(secretIn);
      expect(secrets[0]).toBeDefined();
      expect(secrets[1]).toBe(secrets[0]);
      expect(answers.filter((a) => a.text.includes('id="repetido"'))).toHaveLength(1);

      const [row] = await gw.infra.dataSource.query('SELECT id, secret_sealed FROM webhook_endpoints WHERE merchant_id = $1', [shop.merchantId]);
      expect(new AesGcmSecretBox(KEY).open(row.secret_sealed, row.id)).toBe(secrets[0]);
      const changes = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM webhook_endpoint_changes WHERE endpoint_id = $1', [row.id]);
      expect(changes[0].n).toBe(1);
    });

    it('anything else is the 409 page without a secret: another URL, another person, a change since, or after 10 minutes', async () => {
      const { shop, admin } = await shopWithAdmin('duena@hook2.co');
      const url = 'https://tienda2.example/webhooks';
      const registered = await admin.submit(WEBHOOK, WEBHOOK, { url });
      expect(registered.status).toBe(201);
      const refused = (answer: PortalAnswer): void => {
        expect(answer.status).toBe(409);
        expect(secretIn(answer)).toBeUndefined();
      };

      refused(await admin.submit(WEBHOOK, WEBHOOK, { url: 'https://otra.example/webhooks' }));

      const colleague = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'socio@hook2.co', nombre: 'Socio', rol: 'administrador' } });
      const partner = await acceptInvitation(gw, new URL(colleague.body.invitacion.url).pathname);
      refused(await partner.submit(WEBHOOK, WEBHOOK, { url }));

      // Still the registrant, still within the window: the repeat works until the endpoint changes.
      expect(secretIn(await admin.submit(WEBHOOK, WEBHOOK, { url }))).toBeDefined();
      clock.advance(10 * 60_000 + 1_000);
      refused(await admin.submit(WEBHOOK, WEBHOOK, { url }));

      const { admin: other } = await shopWithAdmin('duena@hook3.co');
      const otherUrl = 'https://tienda3.example/webhooks';
      expect((await other.submit(WEBHOOK, WEBHOOK, { url: otherUrl })).status).toBe(201);
      expect((await other.submit(`${WEBHOOK}`, `${WEBHOOK}/estado`, { activo: 'false' })).status).toBe(303);
      refused(await other.submit(WEBHOOK, WEBHOOK, { url: otherUrl }));
    });
  });

  describe('accepting an invitation', () => {
    it('posted twice at once: both answers sign in and go to the welcome, one password set, one activation', async () => {
      const shop = await onboardMerchant(gw, {});
      const path = await operatorInvites(gw, shop.merchantId, 'doble@acepta.co');
      const browser = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await browser.get(path)).text);
      const form = { csrf, password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD };
      const copies = [browser, twin(browser)];
      const answers = await Promise.all(copies.map((c) => c.post(path, form)));
      expect(answers.map((a) => [a.status, a.location])).toEqual([
        [303, '/portal/resumen?hecho=bienvenida'],
        [303, '/portal/resumen?hecho=bienvenida'],
      ]);
      // Whichever answer the browser kept signs in: the server cannot know which, so it ends neither session.
      const signedIn = await Promise.all(copies.map(async (c) => (await c.get('/portal/resumen')).status));
      expect(signedIn).toEqual([200, 200]);
      const history = await gw.infra.dataSource.query(
        "SELECT accion FROM personas_cambios c JOIN personas p ON p.id = c.persona_id WHERE p.email = 'doble@acepta.co'",
      );
      expect(history.map((h: { accion: string }) => h.accion)).toEqual(['invitada', 'activada']);
    });

    it("the second post after the first's answer was lost signs in, and ends no session: the dropped post may be the one processed last", async () => {
      const shop = await onboardMerchant(gw, {});
      const path = await operatorInvites(gw, shop.merchantId, 'perdida@acepta.co');
      const browser = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await browser.get(path)).text);
      const first = twin(browser);
      expect((await first.post(path, { csrf, password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD })).status).toBe(303);

      const other = `${STRONG_PASSWORD} distinta`;
      expect((await twin(browser).post(path, { csrf, password: other, confirmacion: other })).status).toBe(404);
      const second = await browser.post(path, { csrf, password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD });
      expect([second.status, second.location]).toEqual([303, '/portal/resumen?hecho=bienvenida']);
      expect((await browser.get('/portal/resumen')).status).toBe(200);
      // The browser kept the first answer and the dropped post came second (the server sees the same two posts): the
      // browser's session must survive the repeat.
      const dropped = await twin(browser).post(path, { csrf, password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD });
      expect(dropped.status).toBe(303);
      expect((await browser.get('/portal/resumen')).status).toBe(200);
      expect((await first.get('/portal/resumen')).status).toBe(200);
    });

    it('again with another password, or after 2 minutes: the "not valid" page; wrong tries count for the sign-in slow-down', async () => {
      const shop = await onboardMerchant(gw, {});
      const path = await operatorInvites(gw, shop.merchantId, 'lenta@acepta.co');
      const browser = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await browser.get(path)).text);
      expect((await twin(browser).post(path, { csrf, password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD })).status).toBe(303);

      const guess = (password: string) => twin(browser).post(path, { csrf, password, confirmacion: password });
      for (let i = 0; i < 5; i++) {
        const wrong = await guess(`no es la clave ${i} de aquí`);
        expect(wrong.status).toBe(404);
        expect(wrong.headers.getSetCookie().join()).not.toMatch(/sesion/i);
      }
      // Five failures on the account: the right password through the link is slowed down like the sign-in form.
      const slowed = await guess(STRONG_PASSWORD);
      expect(slowed.status).toBe(404);
      expect((await signIn(gw, 'lenta@acepta.co')).answer.status).toBe(429);

      clock.advance(16 * 60_000);
      // Past the slow-down and past the window: the link is spent for good; the password signs in at the front door.
      expect((await guess(STRONG_PASSWORD)).status).toBe(404);
      expect((await signIn(gw, 'lenta@acepta.co')).answer.status).toBe(303);
    });
  });

  describe('a password reset link', () => {
    async function resetLink(email: string): Promise<{ path: string; personId: string; oldSession: PortalClient }> {
      const shop = await onboardMerchant(gw, {});
      const oldSession = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, email));
      const [row] = await gw.infra.dataSource.query('SELECT id FROM personas WHERE email = $1', [email]);
      const issued = await http('POST', `${gw.adminUrl}/internal/personas/${row.id}/restablecimiento`, { token: gw.operatorToken });
      return { path: new URL(issued.body.url).pathname, personId: row.id, oldSession };
    }

    it('posted twice at once: both answers go to Resumen signed in, the password is reset once', async () => {
      const { path, personId, oldSession } = await resetLink('doble@reset.co');
      const browser = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await browser.get(path)).text);
      const form = { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD };
      const copies = [browser, twin(browser)];
      const answers = await Promise.all(copies.map((c) => c.post(path, form)));
      expect(answers.map((a) => [a.status, a.location])).toEqual([
        [303, '/portal/resumen?hecho=contrasena'],
        [303, '/portal/resumen?hecho=contrasena'],
      ]);
      const signedIn = await Promise.all(copies.map(async (c) => (await c.get('/portal/resumen')).status));
      expect(signedIn).toEqual([200, 200]);
      expect((await oldSession.get('/portal/resumen')).status).toBe(303);
      const history = await gw.infra.dataSource.query("SELECT count(*)::int AS n FROM personas_cambios WHERE persona_id = $1 AND accion = 'contrasena_restablecida'", [
        personId,
      ]);
      expect(history[0].n).toBe(1);
    });

    it("the second post after the first's answer was lost signs in, and ends no session: the dropped post may be the one processed last", async () => {
      const { path } = await resetLink('perdida@reset.co');
      const browser = new PortalClient(gw.publicUrl);
      const csrf = csrfOf((await browser.get(path)).text);
      const first = twin(browser);
      expect((await first.post(path, { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD })).status).toBe(303);

      const other = `${NEW_PASSWORD} distinta`;
      expect((await twin(browser).post(path, { csrf, password: other, confirmacion: other })).status).toBe(404);
      const second = await browser.post(path, { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD });
      expect([second.status, second.location]).toEqual([303, '/portal/resumen?hecho=contrasena']);
      expect((await browser.get('/portal/resumen')).status).toBe(200);
      // The dropped post processed after the browser's: the browser's session must survive it.
      expect((await twin(browser).post(path, { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD })).status).toBe(303);
      expect((await browser.get('/portal/resumen')).status).toBe(200);
      expect((await first.get('/portal/resumen')).status).toBe(200);
      // A reset link is not an invitation link, and the other way round.
      expect((await twin(browser).post(path.replace('restablecer', 'invitacion'), { csrf, password: NEW_PASSWORD, confirmacion: NEW_PASSWORD })).status).toBe(404);
    });
  });
});
