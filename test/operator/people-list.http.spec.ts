// The operator's view of a merchant's people (GET /internal/merchants/{id}/personas): for the operator helping a shop
// ("who are our administrators?", "my colleague's invitation got lost"), through the real operator listener.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, operatorInvites } from '../portal/portal-client.js';

const FIELDS = ['id', 'email', 'nombre', 'rol', 'estado', 'creadoEn', 'invitacionExpiraEn', 'activadaEn'].sort();

describe("the operator lists a merchant's people", () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  const list = (merchantId: string, token: string = gw.operatorToken) => http('GET', `${gw.adminUrl}/internal/merchants/${merchantId}/personas`, { token });
  const invite = (merchant: OnboardedMerchant, email: string, rol: string) =>
    http('POST', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey, body: { email, nombre: `Persona ${email}`, rol } });

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw, {});
  });
  afterAll(() => gw.close());

  it('answers each live person with rol, estado, when invited and when activated, and no secret', async () => {
    const before = Date.now();
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'ana@tienda.co', 'Ana Gómez'));
    const activated = Date.now();
    const luis = (await invite(shop, 'luis@tienda.co', 'lectura')).body;
    const gone = (await invite(shop, 'ida@tienda.co', 'lectura')).body;
    expect((await http('DELETE', `${gw.publicUrl}/v1/personas/${gone.id}`, { token: shop.apiKey })).status).toBe(204);
    const other = await onboardMerchant(gw, {});
    await operatorInvites(gw, other.merchantId, 'ajena@otra.co');

    const answer = await list(shop.merchantId);
    expect(answer.status).toBe(200);
    // The merchant's own list, the portal's read: the same people in the same order.
    const own = await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey });
    expect(answer.body.map((p: { id: string }) => p.id)).toEqual(own.body.map((p: { id: string }) => p.id));
    expect(answer.body).toEqual([
      {
        id: expect.any(String),
        email: 'ana@tienda.co',
        nombre: 'Ana Gómez',
        rol: 'administrador',
        estado: 'activa',
        creadoEn: expect.any(String),
        invitacionExpiraEn: null,
        activadaEn: expect.any(String),
      },
      { id: luis.id, email: 'luis@tienda.co', nombre: 'Persona luis@tienda.co', rol: 'lectura', estado: 'invitada', creadoEn: luis.creadoEn, invitacionExpiraEn: expect.any(String), activadaEn: null },
    ]);
    const [ana, invited] = answer.body;
    expect(Date.parse(ana.creadoEn)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(ana.activadaEn)).toBeGreaterThanOrEqual(Date.parse(ana.creadoEn));
    expect(Date.parse(ana.activadaEn)).toBeLessThanOrEqual(activated + 1000);
    expect(Date.parse(invited.invitacionExpiraEn)).toBeGreaterThan(Date.parse(invited.creadoEn) + 6 * 86_400_000);
    for (const person of answer.body) expect(Object.keys(person).sort()).toEqual(FIELDS);

    // Nothing stored as a secret appears: neither the password hash nor an invitation hash.
    const stored = await gw.infra.dataSource.query(
      "SELECT password_hash, encode(invitacion_hash, 'hex') AS invitation FROM personas WHERE merchant_id = $1",
      [shop.merchantId],
    );
    for (const row of stored) {
      for (const secret of [row.password_hash, row.invitation].filter(Boolean)) expect(answer.text).not.toContain(secret);
    }
    expect(answer.text).not.toMatch(/argon2|hash|invitacion"|token/i);
    // Another merchant's people never appear, and that merchant sees only its own.
    expect(answer.text).not.toContain('ajena@otra.co');
    expect((await list(other.merchantId)).body.map((p: { email: string }) => p.email)).toEqual(['ajena@otra.co']);
  });

  it('a merchant with no people: an empty list', async () => {
    const empty = await onboardMerchant(gw, {});
    expect(await list(empty.merchantId)).toMatchObject({ status: 200, body: [] });
  });

  it('an unknown or malformed merchant: 404 in the operator routes\' shape; a wrong token: 401', async () => {
    for (const id of [randomUUID(), 'no-uuid']) {
      const answer = await list(id);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ statusCode: 404, message: 'Merchant not found', error: 'Not Found', code: 'not_found' });
    }
    const unauthorized = await list(shop.merchantId, `${gw.operatorToken}x`);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.text).not.toContain('@tienda.co');
    // Not on the public listener.
    expect((await http('GET', `${gw.publicUrl}/internal/merchants/${shop.merchantId}/personas`, { token: gw.operatorToken })).status).toBe(404);
  });
});
