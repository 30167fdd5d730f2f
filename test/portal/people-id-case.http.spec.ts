// A UUID names the same person in either case. The API takes /v1/personas/{id} in upper case (UuidOr404Pipe lowers
// it); the portal's people routes compared the id as written, so an upper-case one was a 404 page (the removal's
// confirmation), or a removal or role change that went through but was not recognised afterwards (the second removal,
// the removal of oneself).
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, csrfOf, operatorInvites, type PortalClient } from './portal-client.js';

const PEOPLE = '/portal/configuracion/personas';

describe("the portal's people routes, given a person's id in upper case", () => {
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  let admin: PortalClient;
  let ana: { id: string; client: PortalClient };

  beforeAll(async () => {
    gw = await startTestGateway();
    shop = await onboardMerchant(gw);
    admin = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'duena@mayusculas.co', 'Dueña'));
    const client = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'ana@mayusculas.co', 'Ana Mayúsculas'));
    const [row] = await gw.infra.dataSource.query("SELECT id FROM personas WHERE email = 'ana@mayusculas.co'");
    ana = { id: String(row.id), client };
  });
  afterAll(() => gw?.close());

  const post = async (by: PortalClient, path: string, fields: Record<string, string> = {}) =>
    by.post(path, { csrf: csrfOf((await by.get(PEOPLE)).text), ...fields });
  const rolOf = async (id: string) => (await http('GET', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey })).body.find((p: { id: string }) => p.id === id)?.rol;

  it('answers as for the id in lower case: the confirmation, a role change, a password link, a removal and its repeat', async () => {
    const upper = ana.id.toUpperCase();
    expect(upper).not.toBe(ana.id);
    // The API takes it, as the portal now does.
    expect((await http('PATCH', `${gw.publicUrl}/v1/personas/${upper}`, { token: shop.apiKey, body: { rol: 'lectura' } })).status).toBe(200);

    const confirm = await admin.get(`${PEOPLE}/${upper}/quitar`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Ana Mayúsculas');

    const promoted = await post(admin, `${PEOPLE}/${upper}/rol`, { rol: 'administrador' });
    expect([promoted.status, promoted.location]).toEqual([303, `${PEOPLE}?hecho=rol`]);
    expect(await rolOf(ana.id)).toBe('administrador');

    const link = await post(admin, `${PEOPLE}/${upper}/restablecer`);
    expect(link.status).toBe(200);
    expect(link.text).toMatch(/id="enlace-restablecer">[^<]*\/portal\/restablecer\//);

    // Removing oneself by one's upper-case id ends one's access: the next page is the sign-in, as in lower case.
    const own = await post(ana.client, `${PEOPLE}/${upper}/quitar`);
    expect([own.status, own.location]).toEqual([303, '/portal/ingresar']);
    // A second removal (another tab, a reload) is told as done already, not a 404.
    const again = await post(admin, `${PEOPLE}/${upper}/quitar`);
    expect([again.status, again.location]).toEqual([303, `${PEOPLE}?hecho=ya_quitada`]);
    const changeAfter = await post(admin, `${PEOPLE}/${upper}/rol`, { rol: 'lectura' });
    expect([changeAfter.status, changeAfter.location]).toEqual([303, `${PEOPLE}?problema=sin_acceso`]);
  });
});
