// The people endpoints (spec "People endpoints", DESIGN.md 5.17) through the real server.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation } from '../portal/portal-client.js';

describe('people with portal access', () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const people = (method: string, path: string, body?: unknown, token = shop.apiKey) =>
    http(method, `${gw.publicUrl}/v1/personas${path}`, { token, body });
  const invite = (email: string, rol = 'lectura', token = shop.apiKey) => people('POST', '', { email, nombre: 'Persona', rol }, token);

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw, {});
  });
  afterAll(() => gw.close());

  it('the operator creates the first administrator, with an invitation link shown once', async () => {
    const answer = await http('POST', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'Dueña@Tienda.CO ', nombre: 'Dueña de la tienda' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ email: 'dueña@tienda.co', nombre: 'Dueña de la tienda', rol: 'administrador', estado: 'invitada' });
    const link = new URL(answer.body.invitacion.url);
    expect(link.pathname).toMatch(/^\/portal\/invitacion\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(answer.body.invitacion.expiraEn)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const token = link.pathname.split('/').pop();
    const stored = await gw.infra.dataSource.query('SELECT invitacion_hash::text AS h FROM personas WHERE id = $1', [answer.body.id]);
    expect(stored[0].h).not.toContain(token);

    const list = await people('GET', '');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: answer.body.id, rol: 'administrador' })]);
    expect(list.body[0]).not.toHaveProperty('invitacion');
  });

  it('an unknown or malformed merchant on the operator route: 404', async () => {
    const body = { email: 'x@y.co', nombre: 'X' };
    expect((await http('POST', `${gw.adminUrl}/internal/merchants/${randomUUID()}/personas`, { token: gw.operatorToken, body })).status).toBe(404);
    expect((await http('POST', `${gw.adminUrl}/internal/merchants/nope/personas`, { token: gw.operatorToken, body })).status).toBe(404);
  });

  it('invites with a role; the same email again (any case) with the same role renews the link, another role or an accepted one is 409 person_exists', async () => {
    const first = await invite('lector@tienda.co');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ rol: 'lectura', estado: 'invitada' });
    const again = await invite('LECTOR@tienda.co');
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.invitacion.url).not.toBe(first.body.invitacion.url);
    const oldPath = new URL(first.body.invitacion.url).pathname;
    expect((await fetch(`${gw.publicUrl}${oldPath}`)).status).toBe(404);
    const otherRole = await invite('lector@tienda.co', 'administrador');
    expect(otherRole.status).toBe(409);
    expect(otherRole.body.code).toBe('person_exists');
    await acceptInvitation(gw, new URL(again.body.invitacion.url).pathname);
    const accepted = await invite('lector@tienda.co');
    expect(accepted.status).toBe(409);
    expect(accepted.body.code).toBe('person_exists');
    const history = await gw.infra.dataSource.query('SELECT accion FROM personas_cambios WHERE persona_id = $1 ORDER BY id', [first.body.id]);
    expect(history.map((h: { accion: string }) => h.accion)).toEqual(['invitada', 'invitada', 'activada']);
  });

  it.each([
    [{ email: 'no-es-correo', nombre: 'A', rol: 'lectura' }, 'email'],
    [{ email: 'a@b.co', nombre: '', rol: 'lectura' }, 'nombre'],
    [{ email: 'a@b.co', nombre: 'A', rol: 'superusuario' }, 'rol'],
    [{ email: 'a@b.co', nombre: 'A', rol: 'lectura', clave: 'x' }, 'clave'],
  ])('invalid input %j: 400 on %s', async (body, field) => {
    const answer = await people('POST', '', body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.message.fieldErrors)).toContain(field);
  });

  it('an empty invitation: each required field is named as missing, on the merchant and the operator routes', async () => {
    expect((await people('POST', '', {})).body.message.fieldErrors).toEqual({
      email: ['email is required'],
      nombre: ['nombre is required'],
      rol: ['rol is required'],
    });
    const fromOperator = await http('POST', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/personas`, { token: gw.operatorToken, body: {} });
    expect(fromOperator.body.message.fieldErrors).toEqual({ email: ['email is required'], nombre: ['nombre is required'] });
    expect((await people('PATCH', `/${randomUUID()}`, {})).body.message.fieldErrors).toEqual({ rol: ['rol is required'] });
  });

  it('removing access and issuing a password link take no body: a field is refused with 400, nothing done', async () => {
    const invited = await invite('sin-cuerpo@tienda.co');
    expect(invited.status).toBe(201);
    const removal = await people('DELETE', `/${invited.body.id}`, { motivo: 'se fue' });
    expect(removal.status).toBe(400);
    expect(removal.body.message.fieldErrors).toEqual({ motivo: ['motivo is not a field of this request'] });
    const reset = await people('POST', `/${invited.body.id}/restablecimiento`, { email: 'otra@x.co' });
    expect(reset.status).toBe(400);
    expect(reset.body.message.fieldErrors).toEqual({ email: ['email is not a field of this request'] });
    const listed = (await people('GET', '')).body as Array<{ id: string }>;
    expect(listed.map((person) => person.id)).toContain(invited.body.id);
    expect((await people('DELETE', `/${invited.body.id}`)).status).toBe(204);
  });

  it('a name of spaces only is no name: 400 on nombre from a key and from the operator, nobody invited', async () => {
    const shopC = await onboardMerchant(gw, {});
    const fromKey = await people('POST', '', { email: 'blanco@c.co', nombre: ' \t  ', rol: 'lectura' }, shopC.apiKey);
    expect(fromKey.status).toBe(400);
    expect(fromKey.body.message.fieldErrors).toEqual({ nombre: ['nombre must be 1 to 120 characters long'] });
    const fromOperator = await http('POST', `${gw.adminUrl}/internal/merchants/${shopC.merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'blanco@c.co', nombre: '   ' },
    });
    expect(fromOperator.status).toBe(400);
    expect(Object.keys(fromOperator.body.message.fieldErrors)).toEqual(['nombre']);
    expect((await people('GET', '', undefined, shopC.apiKey)).body).toEqual([]);
    // Spaces around a real name are still trimmed, and count toward nothing.
    const padded = await people('POST', '', { email: 'relleno@c.co', nombre: `  ${'N'.repeat(120)}  `, rol: 'lectura' }, shopC.apiKey);
    expect(padded.status).toBe(201);
    expect(padded.body.nombre).toBe('N'.repeat(120));
  });

  it('changes a role, and refuses to demote or remove the last administrator (409)', async () => {
    const shopB = await onboardMerchant(gw, {});
    const admin = (await invite('admin@b.co', 'administrador', shopB.apiKey)).body;
    const demote = await people('PATCH', `/${admin.id}`, { rol: 'lectura' }, shopB.apiKey);
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('last_administrator');
    const remove = await people('DELETE', `/${admin.id}`, undefined, shopB.apiKey);
    expect(remove.status).toBe(409);

    const second = (await invite('segunda@b.co', 'lectura', shopB.apiKey)).body;
    const promoted = await people('PATCH', `/${second.id}`, { rol: 'administrador' }, shopB.apiKey);
    expect(promoted.status).toBe(200);
    expect(promoted.body.rol).toBe('administrador');
    expect((await people('PATCH', `/${admin.id}`, { rol: 'lectura' }, shopB.apiKey)).status).toBe(200);
    expect((await people('DELETE', `/${admin.id}`, undefined, shopB.apiKey)).status).toBe(204);
    const list = await people('GET', '', undefined, shopB.apiKey);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([second.id]);
    // Removed access can be granted again.
    expect((await invite('admin@b.co', 'lectura', shopB.apiKey)).status).toBe(201);
  });

  it('the last administrator who can sign in stays while the others are only invited; an invited one may go', async () => {
    const shopD = await onboardMerchant(gw, {});
    const ana = (await invite('ana@d.co', 'administrador', shopD.apiKey)).body;
    await acceptInvitation(gw, new URL(ana.invitacion.url).pathname);
    const pedro = (await invite('pedro@d.co', 'administrador', shopD.apiKey)).body;

    const removeAna = await people('DELETE', `/${ana.id}`, undefined, shopD.apiKey);
    expect(removeAna.status).toBe(409);
    expect(removeAna.body.code).toBe('last_administrator');
    expect((await people('PATCH', `/${ana.id}`, { rol: 'lectura' }, shopD.apiKey)).status).toBe(409);
    expect((await people('DELETE', `/${pedro.id}`, undefined, shopD.apiKey)).status).toBe(204);
    const list = await people('GET', '', undefined, shopD.apiKey);
    expect(list.body.map((p: { id: string; estado: string }) => [p.id, p.estado])).toEqual([[ana.id, 'activa']]);
  });

  it('two concurrent demotions of the two administrators: one wins, one is refused', async () => {
    const shopC = await onboardMerchant(gw, {});
    const a = (await invite('a@c.co', 'administrador', shopC.apiKey)).body;
    const b = (await invite('b@c.co', 'administrador', shopC.apiKey)).body;
    const answers = await Promise.all([a, b].map((p) => people('PATCH', `/${p.id}`, { rol: 'lectura' }, shopC.apiKey)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = await people('GET', '', undefined, shopC.apiKey);
    expect(list.body.filter((p: { rol: string }) => p.rol === 'administrador')).toHaveLength(1);
  });

  it("another merchant's person, a missing one and a malformed id: 404 alike", async () => {
    const other = await onboardMerchant(gw, {});
    const theirs = (await invite('ajena@otra.co', 'lectura', other.apiKey)).body;
    for (const id of [theirs.id, randomUUID(), 'no-uuid']) {
      expect((await people('PATCH', `/${id}`, { rol: 'administrador' })).status).toBe(404);
      expect((await people('DELETE', `/${id}`)).status).toBe(404);
    }
    expect((await people('GET', '', undefined, other.apiKey)).body.map((p: { email: string }) => p.email)).toEqual(['ajena@otra.co']);
  });

  it('a read-only key lists people but every write is 403 forbidden_role with nothing written', async () => {
    const reader = await issueKey(gw, shop.merchantId, 'lectura');
    const before = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM personas_cambios WHERE merchant_id = $1', [shop.merchantId]);
    const target = (await people('GET', '')).body[0];
    expect((await people('GET', '', undefined, reader.key)).status).toBe(200);
    for (const answer of [
      await invite('nuevo@tienda.co', 'lectura', reader.key),
      await people('PATCH', `/${target.id}`, { rol: 'lectura' }, reader.key),
      await people('DELETE', `/${target.id}`, undefined, reader.key),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('forbidden_role');
    }
    const after = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM personas_cambios WHERE merchant_id = $1', [shop.merchantId]);
    expect(after[0].n).toBe(before[0].n);
  });

  it('records who made each change and when', async () => {
    const shopD = await onboardMerchant(gw, {});
    const person = (await invite('d@d.co', 'administrador', shopD.apiKey)).body;
    const other = (await invite('e@d.co', 'lectura', shopD.apiKey)).body;
    await people('PATCH', `/${other.id}`, { rol: 'administrador' }, shopD.apiKey);
    await people('DELETE', `/${person.id}`, undefined, shopD.apiKey);
    const rows = await gw.infra.dataSource.query(
      'SELECT accion, antes, despues, actor, cambiado_en FROM personas_cambios WHERE merchant_id = $1 ORDER BY id',
      [shopD.merchantId],
    );
    expect(rows.map((r: { accion: string }) => r.accion)).toEqual(['invitada', 'invitada', 'rol', 'eliminada']);
    expect(rows[2]).toMatchObject({ antes: { rol: 'lectura' }, despues: { rol: 'administrador' }, actor: { type: 'merchant-key', id: shopD.keyId } });
    expect(rows.every((r: { cambiado_en: Date }) => r.cambiado_en instanceof Date)).toBe(true);
  });
});
