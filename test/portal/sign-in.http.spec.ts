// Getting into the portal over HTTP: invitation, argon2id password, sign-in, its slow-down, sessions that expire,
// anti-forgery tokens, cookies and headers.
import { randomBytes } from 'node:crypto';
import { MovableClock } from '../checkout/paying.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, csrfOf, operatorInvites, PortalClient, signIn, STRONG_PASSWORD } from './portal-client.js';

describe('portal sign-in', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const clock = new MovableClock();

  beforeAll(async () => {
    gw = await startTestGateway({}, clock);
    shop = await onboardMerchant(gw, { nombre: 'Café La Esquina' });
  });
  afterAll(() => gw.close());

  it('a forgotten password: the sign-in page names the link for a new one, not a new invitation (that one is refused)', async () => {
    const page = await new PortalClient(gw.publicUrl).get('/portal/ingresar');
    const hint = /<p class="hint">([^<]*(?:olvidaste)[^<]*)<\/p>/.exec(page.text)?.[1] ?? '';
    expect(hint).toContain('Enlace para nueva contraseña');
    expect(hint).toContain('equipo de Pasarela');
    expect(hint).not.toMatch(/olvidaste\?[^?]*invita/);
    // What the old hint sent them to: inviting someone who has access already is refused.
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'olvido@cafe.co', 'Olga'));
    const again = await http('POST', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'olvido@cafe.co', nombre: 'Olga' },
    });
    expect(again.body.code).toBe('person_exists');
  });

  it('the invitation page names the shop and the role; a weak or mismatched password is refused with the reason', async () => {
    const path = await operatorInvites(gw, shop.merchantId, 'debil@cafe.co', 'Débora');
    const client = new PortalClient(gw.publicUrl);
    const page = await client.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Café La Esquina');
    expect(page.text).toContain('Administrador');
    const csrf = csrfOf(page.text);
    const short = await client.post(path, { csrf, password: 'corta', confirmacion: 'corta' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('al menos 12 caracteres');
    const mismatch = await client.post(path, { csrf, password: STRONG_PASSWORD, confirmacion: `${STRONG_PASSWORD}x` });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('no coinciden');
    const common = await client.post(path, { csrf, password: 'contraseña2024', confirmacion: 'contraseña2024' });
    expect(common.status).toBe(400);
    const state = await gw.infra.dataSource.query("SELECT password_hash FROM personas WHERE email = 'debil@cafe.co'");
    expect(state[0].password_hash).toBeNull();
  });

  it('accepting stores an argon2id hash, makes the person activa, signs in, and the link stops working', async () => {
    const path = await operatorInvites(gw, shop.merchantId, 'ana@cafe.co', 'Ana');
    const client = new PortalClient(gw.publicUrl);
    const page = await client.get(path);
    const accepted = await client.post(path, { csrf: csrfOf(page.text), password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD });
    expect(accepted.status).toBe(303);
    expect(accepted.location).toBe('/portal/resumen?hecho=bienvenida');
    const cookie = accepted.headers.getSetCookie().find((c) => c.startsWith('pasarela_sesion='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http here; https gets Secure and __Host- (see the cookie test below)

    const [row] = await gw.infra.dataSource.query("SELECT password_hash, invitacion_hash FROM personas WHERE email = 'ana@cafe.co'");
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(STRONG_PASSWORD);
    expect(row.invitacion_hash).toBeNull();
    const people = await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey });
    expect(people.body.find((p: { email: string }) => p.email === 'ana@cafe.co').estado).toBe('activa');
    const history = await gw.infra.dataSource.query("SELECT accion, actor FROM personas_cambios WHERE despues->>'email' = 'ana@cafe.co' ORDER BY id");
    expect(history.map((h: { accion: string }) => h.accion)).toEqual(['invitada', 'activada']);

    expect((await client.get('/portal/sesiones')).status).toBe(200);
    expect((await new PortalClient(gw.publicUrl).get(path)).status).toBe(404);
  });

  it('signs in with email (any case) and password; a wrong password is 401 and says nothing about which was wrong', async () => {
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'bruno@cafe.co', 'Bruno'));
    const wrong = await signIn(gw, 'bruno@cafe.co', 'no es la contraseña');
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.text).toContain('El correo o la contraseña no coinciden');
    const unknown = await signIn(gw, 'nadie@cafe.co', 'no es la contraseña');
    expect(unknown.answer.status).toBe(401);
    expect(unknown.answer.text).toContain('El correo o la contraseña no coinciden');
    const right = await signIn(gw, ' Bruno@Cafe.CO ');
    expect(right.answer.status).toBe(303);
    expect(right.answer.location).toBe('/portal/resumen');
    const sessions = await right.client.get('/portal/sesiones');
    expect(sessions.status).toBe(200);
    expect(sessions.text).toContain('Bruno');
  });

  // The account's slow-down row is keyed by the email as typed: 3000 random bytes made a key over PostgreSQL's
  // 2704-byte index limit, and the anonymous sign-in form answered a 500 (and logged an error) each time.
  it('an email longer than any invitation allows is a wrong sign-in (401), not a 500', async () => {
    const email = `${randomBytes(3000).toString('base64url')}@cafe.co`;
    const long = await signIn(gw, email, 'no es la contraseña');
    expect(long.answer.status).toBe(401);
    expect(long.answer.text).toContain('El correo o la contraseña no coinciden');
  });

  it('after 5 wrong passwords the account waits 30 s, doubling; even the right password is not checked meanwhile', async () => {
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'carla@cafe.co', 'Carla'));
    for (let i = 0; i < 5; i += 1) expect((await signIn(gw, 'carla@cafe.co', `mala ${i}`)).answer.status).toBe(401);
    const blocked = await signIn(gw, 'carla@cafe.co');
    expect(blocked.answer.status).toBe(429);
    expect(Number(blocked.answer.headers.get('retry-after'))).toBeGreaterThan(25);
    expect(blocked.answer.text).toContain('Demasiados intentos fallidos');
    clock.advance(31_000);
    expect((await signIn(gw, 'carla@cafe.co', 'mala 6')).answer.status).toBe(401);
    const longer = await signIn(gw, 'carla@cafe.co');
    expect(longer.answer.status).toBe(429);
    expect(Number(longer.answer.headers.get('retry-after'))).toBeGreaterThan(55);
    clock.advance(61_000);
    expect((await signIn(gw, 'carla@cafe.co')).answer.status).toBe(303);
    // A right password starts the account afresh.
    expect((await signIn(gw, 'carla@cafe.co', 'mala otra vez')).answer.status).toBe(401);
    expect((await signIn(gw, 'carla@cafe.co')).answer.status).toBe(303);
  });

  it('an email that does not exist slows down the same way (nothing tells which emails have access)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await signIn(gw, 'fantasma@cafe.co', `mala ${i}`)).answer.status).toBe(401);
    expect((await signIn(gw, 'fantasma@cafe.co', 'mala 5')).answer.status).toBe(429);
  });

  it('parallel guesses cannot slip past the limit: at most 5 of 12 are checked', async () => {
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'diego@cafe.co', 'Diego'));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(gw, 'diego@cafe.co', `adivina ${i}`)));
    const statuses = answers.map((a) => a.answer.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('per address: after 30 failures across accounts, that address waits too', async () => {
    const gw2 = await startTestGateway();
    try {
      for (let batch = 0; batch < 5; batch += 1) {
        const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(gw2, `persona${batch}-${i}@x.co`, 'mala')));
        expect(answers.map((a) => a.answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
      }
      expect((await signIn(gw2, 'otra@x.co', 'mala')).answer.status).toBe(429);
    } finally {
      await gw2.close();
    }
  });

  it('a post without the anti-forgery token, or from another site, is refused with a 403 page', async () => {
    const client = new PortalClient(gw.publicUrl);
    const page = await client.get('/portal/ingresar');
    const missing = await client.post('/portal/ingresar', { email: 'ana@cafe.co', password: STRONG_PASSWORD });
    expect(missing.status).toBe(403);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);
    expect(missing.text).toContain('El formulario venció');
    const foreign = await client.post(
      '/portal/ingresar',
      { csrf: csrfOf(page.text), email: 'ana@cafe.co', password: STRONG_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    // Another browser's token does not fit this browser's cookie.
    const other = new PortalClient(gw.publicUrl);
    const otherPage = await other.get('/portal/ingresar');
    const swapped = await client.post('/portal/ingresar', { csrf: csrfOf(otherPage.text), email: 'ana@cafe.co', password: STRONG_PASSWORD });
    expect(swapped.status).toBe(403);
  });

  it('pages carry a strict CSP and the other security headers; without a session they send to sign-in and back', async () => {
    const client = new PortalClient(gw.publicUrl);
    const page = await client.get('/portal/ingresar');
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('<label for="campo-email">');

    const away = await client.get('/portal/pagos?estado=aprobado');
    expect(away.status).toBe(303);
    expect(away.location).toBe('/portal/ingresar?volver=%2Fportal%2Fpagos%3Festado%3Daprobado');
    const signedIn = await client.post('/portal/ingresar?x=1', {
      csrf: csrfOf(page.text),
      email: 'ana@cafe.co',
      password: STRONG_PASSWORD,
      volver: '/portal/pagos?estado=aprobado',
    });
    expect(signedIn.location).toBe('/portal/pagos?estado=aprobado');
    const offsite = await signIn(gw, 'ana@cafe.co');
    expect(offsite.answer.location).toBe('/portal/resumen');
    const evil = new PortalClient(gw.publicUrl);
    const evilPage = await evil.get('/portal/ingresar');
    const evilBack = await evil.post('/portal/ingresar', { csrf: csrfOf(evilPage.text), email: 'ana@cafe.co', password: STRONG_PASSWORD, volver: '//evil.example/x' });
    expect(evilBack.location).toBe('/portal/resumen');
  });

  it('a form sent after the session ended from a page only a post answers leads back, after sign-in, to its section', async () => {
    const invited = await http('POST', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'vuelta@cafe.co', nombre: 'Vuelta' },
    });
    await acceptInvitation(gw, new URL(invited.body.invitacion.url).pathname);
    const ana = { id: invited.body.id as string };
    const cases: [string, string, (client: PortalClient, csrf: string) => Promise<unknown>][] = [
      // "Enlace para nueva contraseña": its page is the answer to a post.
      ['/portal/configuracion/personas', `/portal/configuracion/personas/${ana.id}/restablecer`, (c, csrf) => c.post(`/portal/configuracion/personas/${ana.id}/restablecer`, { csrf })],
      // A webhook URL refused: the form is shown again at the post's address.
      ['/portal/configuracion/webhook', '/portal/configuracion/webhook/url', (c, csrf) => c.post('/portal/configuracion/webhook/url', { csrf, url: 'ftp://x' })],
    ];
    for (const [section, postOnly, reach] of cases) {
      const { client } = await signIn(gw, 'vuelta@cafe.co');
      const csrf = csrfOf((await client.get('/portal/configuracion/personas')).text);
      await reach(client, csrf);
      expect((await client.get(postOnly)).status).toBe(405);
      clock.advance(31 * 60_000);
      // The page's "Salir" (any of its forms) posted once the session is over: to sign-in, and back to the section.
      const ended = await client.post('/portal/salir', { csrf }, { referer: `${gw.publicUrl}${postOnly}` });
      expect(ended.location).toBe(`/portal/ingresar?volver=${encodeURIComponent(section)}&aviso=vencida`);
      const form = await client.get(ended.location!);
      const back = await client.post('/portal/ingresar', { csrf: csrfOf(form.text), email: 'vuelta@cafe.co', password: STRONG_PASSWORD, volver: section });
      expect(back.location).toBe(section);
      expect((await client.get(section)).status).toBe(200);
    }
    // A page GET answers is still the one returned to, with its query.
    const { client } = await signIn(gw, 'vuelta@cafe.co');
    clock.advance(31 * 60_000);
    const ended = await client.post('/portal/salir', { csrf: 'x' }, { referer: `${gw.publicUrl}/portal/pagos?estado=aprobado` });
    expect(ended.location).toBe(`/portal/ingresar?volver=${encodeURIComponent('/portal/pagos?estado=aprobado')}&aviso=vencida`);
  });

  it('a session ends after 30 idle minutes, and 12 hours after sign-in however used', async () => {
    const { client } = await signIn(gw, 'ana@cafe.co');
    clock.advance(29 * 60_000);
    expect((await client.get('/portal/sesiones')).status).toBe(200);
    clock.advance(29 * 60_000);
    expect((await client.get('/portal/sesiones')).status).toBe(200);
    clock.advance(31 * 60_000);
    const idle = await client.get('/portal/sesiones');
    expect(idle.status).toBe(303);
    expect(idle.location).toMatch(/^\/portal\/ingresar/);

    const { client: busy } = await signIn(gw, 'ana@cafe.co');
    // Used every 20 minutes: still open after 11 h 40 min, closed at 12 h.
    for (let step = 0; step < 35; step += 1) {
      clock.advance(20 * 60_000);
      expect((await busy.get('/portal/sesiones')).status).toBe(200);
    }
    clock.advance(20 * 60_000);
    expect((await busy.get('/portal/sesiones')).status).toBe(303);
  });

  it('signing in over another open session (a sign-in tab left open) closes that one', async () => {
    const { client: bruno } = await signIn(gw, 'bruno@cafe.co');
    const brunoCookie = `pasarela_sesion=${bruno.cookies.get('pasarela_sesion')}`;
    const shared = new PortalClient(gw.publicUrl);
    const form = await shared.get('/portal/ingresar');
    shared.cookies.set('pasarela_sesion', bruno.cookies.get('pasarela_sesion') ?? '');
    const answer = await shared.post('/portal/ingresar', { csrf: csrfOf(form.text), email: 'ana@cafe.co', password: STRONG_PASSWORD });
    expect(answer.status).toBe(303);
    expect((await shared.get('/portal/sesiones')).text).toContain('Ana');
    expect((await fetch(`${gw.publicUrl}/portal/sesiones`, { headers: { cookie: brunoCookie }, redirect: 'manual' })).status).toBe(303);
  });

  it('signing out closes the session: the old cookie no longer opens anything', async () => {
    const { client } = await signIn(gw, 'ana@cafe.co');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const page = await client.get('/portal/sesiones');
    const out = await client.post('/portal/salir', { csrf: csrfOf(page.text) });
    expect(out.status).toBe(303);
    expect(out.location).toBe('/portal/ingresar?aviso=salida');
    const replay = await fetch(`${gw.publicUrl}/portal/sesiones`, { headers: { cookie }, redirect: 'manual' });
    expect(replay.status).toBe(303);
  });

  it('closing another session from the sessions page ends it; a person removed through the API is signed out at once', async () => {
    const path = await operatorInvites(gw, shop.merchantId, 'eva@cafe.co', 'Eva');
    const laptop = await acceptInvitation(gw, path);
    const { client: phone } = await signIn(gw, 'eva@cafe.co');
    const page = await laptop.get('/portal/sesiones');
    expect(page.text.match(/Esta sesión/g)).toHaveLength(1);
    const closeOthers = await laptop.post('/portal/sesiones/cerrar-otras', { csrf: csrfOf(page.text) });
    expect(closeOthers.status).toBe(303);
    expect((await phone.get('/portal/sesiones')).status).toBe(303);
    expect((await laptop.get('/portal/sesiones')).status).toBe(200);

    const people = await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey });
    const eva = people.body.find((p: { email: string }) => p.email === 'eva@cafe.co');
    expect((await http('DELETE', `${gw.publicUrl}/v1/personas/${eva.id}`, { token: shop.apiKey })).status).toBe(204);
    expect((await laptop.get('/portal/sesiones')).status).toBe(303);
    expect((await signIn(gw, 'eva@cafe.co')).answer.status).toBe(401);
  });

  it('closing one session says what it did: a second click, or a session not yours, closes nothing and says so', async () => {
    const laptop = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'flor@cafe.co', 'Flor'));
    const { client: phone } = await signIn(gw, 'flor@cafe.co');
    const sessionIds = (text: string): string[] => [...text.matchAll(/action="\/portal\/sesiones\/([0-9a-f-]{36})\/cerrar"/g)].map((m) => m[1] ?? '');
    const page = await laptop.get('/portal/sesiones');
    const [phoneSession = ''] = sessionIds(page.text);
    expect(phoneSession).not.toBe('');
    const close = async (client: PortalClient, id: string) => {
      const answer = await client.post(`/portal/sesiones/${id}/cerrar`, { csrf: csrfOf((await client.get('/portal/sesiones')).text) });
      expect(answer.status).toBe(303);
      return (await client.get(answer.location ?? '')).text;
    };
    expect(await close(laptop, phoneSession)).toContain('Cerraste esa sesión.');
    expect((await phone.get('/portal/sesiones')).status).toBe(303);
    const twice = await close(laptop, phoneSession);
    expect(twice).not.toContain('Cerraste esa sesión.');
    expect(twice).toContain('Esa sesión ya estaba cerrada.');

    // Another person's session, seen from her other browser: Flor's click closes nothing of hers.
    const stranger = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'gil@cafe.co', 'Gil'));
    const { client: strangerElsewhere } = await signIn(gw, 'gil@cafe.co');
    // A page lists every session but its own: the one the other browser lists and this one does not is this one.
    const seenByStranger = sessionIds((await stranger.get('/portal/sesiones')).text);
    const strangerSession = sessionIds((await strangerElsewhere.get('/portal/sesiones')).text).find((id) => !seenByStranger.includes(id));
    expect(strangerSession).toBeDefined();
    expect(await close(laptop, strangerSession ?? '')).toContain('Esa sesión ya estaba cerrada.');
    expect((await stranger.get('/portal/sesiones')).status).toBe(200);
    expect((await strangerElsewhere.get('/portal/sesiones')).status).toBe(200);
  });

  it('unknown portal paths answer an HTML 404; the API keeps its JSON', async () => {
    expect((await new PortalClient(gw.publicUrl).get('/portal/')).location).toBe('/portal');
    const page = await new PortalClient(gw.publicUrl).get('/portal/no-existe/para-nada');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('No encontramos esa página');
    // Whatever the method, with or without a session or a token: a made-up path is a 404, not "the form expired".
    const signedIn = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'perdida@cafe.co', 'Pía'));
    for (const client of [new PortalClient(gw.publicUrl), signedIn]) {
      for (const fields of [{}, { csrf: 'inventado' }] as Array<Record<string, string>>) {
        const posted = await client.post('/portal/configuracion/no-existe', fields, { origin: gw.publicUrl });
        expect(posted.status).toBe(404);
        expect(posted.text).toContain('No encontramos esa página');
      }
    }
    // A real route keeps its anti-forgery check.
    const forged = await signedIn.post('/portal/sesiones/cerrar-otras', { csrf: 'inventado' }, { origin: gw.publicUrl });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('El formulario venció');
    const api = await http('GET', `${gw.publicUrl}/v1/no-existe`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });

  // Last in this describe: it moves the clock a week on.
  it('an invitation that expired unused: the page says to ask for a new one, and inviting again gives one', async () => {
    const firstShop = await onboardMerchant(gw, {});
    const invite = (body: Record<string, string>) =>
      http('POST', `${gw.adminUrl}/internal/merchants/${firstShop.merchantId}/personas`, { token: gw.operatorToken, body });
    const first = await invite({ email: 'primera@cafe.co', nombre: 'Primera' });
    const oldPath = new URL(first.body.invitacion.url).pathname;
    clock.advance(7 * 86_400_000 + 60_000);
    const expired = await new PortalClient(gw.publicUrl).get(oldPath);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('te invite de nuevo');

    // The operator (here the only one who can: the shop has no other administrator) invites her again.
    const again = await invite({ email: 'Primera@cafe.co', nombre: 'Primera Díaz' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, nombre: 'Primera Díaz', rol: 'administrador', estado: 'invitada' });
    const newPath = new URL(again.body.invitacion.url).pathname;
    expect(newPath).not.toBe(oldPath);
    expect(Date.parse(again.body.invitacion.expiraEn)).toBeGreaterThan(clock.now().getTime() + 6 * 86_400_000);
    expect((await new PortalClient(gw.publicUrl).get(oldPath)).status).toBe(404);
    const client = await acceptInvitation(gw, newPath);
    expect((await client.get('/portal/resumen')).status).toBe(200);
    const people = await http('GET', `${gw.publicUrl}/v1/personas`, { token: firstShop.apiKey });
    expect(people.body).toEqual([expect.objectContaining({ id: first.body.id, estado: 'activa' })]);

    // An expired invitation asked again with another role is not a silent role change: still 409.
    const reader = await http('POST', `${gw.publicUrl}/v1/personas`, { token: firstShop.apiKey, body: { email: 'lee@cafe.co', nombre: 'Lee', rol: 'lectura' } });
    clock.advance(7 * 86_400_000 + 60_000);
    const promoted = await http('POST', `${gw.publicUrl}/v1/personas`, { token: firstShop.apiKey, body: { email: 'lee@cafe.co', nombre: 'Lee', rol: 'administrador' } });
    expect(promoted.body.code).toBe('person_exists');
    const renewed = await http('POST', `${gw.publicUrl}/v1/personas`, { token: firstShop.apiKey, body: { email: 'lee@cafe.co', nombre: 'Lee', rol: 'lectura' } });
    expect(renewed.status).toBe(201);
    expect(renewed.body.id).toBe(reader.body.id);
  });

  // Moves the clock a week on too.
  it('Personas shows an invitation that expired unused as expired, and "Invitar de nuevo" gives a new link', async () => {
    const bakery = await onboardMerchant(gw, {});
    const owner = await acceptInvitation(gw, await operatorInvites(gw, bakery.merchantId, 'dueno@panaderia.co', 'Dueño'));
    const PEOPLE = '/portal/configuracion/personas';
    const teoRow = async (client: PortalClient): Promise<string> =>
      (await client.get(PEOPLE)).text.split('<tr>').find((row) => row.includes('Teo Ruiz')) ?? '';
    expect((await owner.submit(PEOPLE, PEOPLE, { nombre: 'Teo Ruiz', email: 'teo@panaderia.co', rol: 'lectura' })).status).toBe(200);
    expect(await teoRow(owner)).toContain('Invitación enviada');
    expect(await teoRow(owner)).not.toContain('Invitar de nuevo');

    clock.advance(7 * 86_400_000 + 60_000);
    const { client: again } = await signIn(gw, 'dueno@panaderia.co');
    const row = await teoRow(again);
    expect(row).toContain('Invitación vencida');
    expect(row).not.toContain('Invitación enviada');
    // The button posts the invitation form with the same name, email and role, as a browser would send it.
    const form = /<form method="post" action="([^"]+)"[^>]*>((?:(?!<\/form>)[\s\S])*Invitar de nuevo(?:(?!<\/form>)[\s\S])*)<\/form>/.exec(row);
    expect(form?.[1]).toBe(PEOPLE);
    const fields = Object.fromEntries([...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
    expect(fields).toMatchObject({ nombre: 'Teo Ruiz', email: 'teo@panaderia.co', rol: 'lectura' });
    const renewed = await again.post(PEOPLE, fields);
    expect(renewed.status).toBe(200);
    expect(renewed.text).toContain('Invitaste a Teo Ruiz');
    expect(await teoRow(again)).toContain('Invitación enviada');
    const link = />(http[^<]+\/portal\/invitacion\/[^<]+)<\/textarea>/.exec(renewed.text)?.[1];
    expect(link).toBeDefined();
    await acceptInvitation(gw, new URL(link!).pathname);
    expect(await teoRow(again)).toContain('Con acceso');
  });
});

describe('portal cookies on https', () => {
  it('the session cookie is Secure with the __Host- prefix and pages send HSTS', async () => {
    const gw = await startTestGateway({ publicBaseUrl: 'https://pagos.example.co' });
    try {
      const shop = await onboardMerchant(gw, {});
      const path = await operatorInvites(gw, shop.merchantId, 'segura@x.co');
      const client = new PortalClient(gw.publicUrl);
      const page = await client.get(path);
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(page.headers.getSetCookie()[0]).toMatch(/^__Host-pasarela_csrf=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
      const accepted = await client.post(path, { csrf: csrfOf(page.text), password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD });
      expect(accepted.headers.getSetCookie()[0]).toMatch(/^__Host-pasarela_sesion=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await gw.close();
    }
  });
});
