// The last administrator under races (DESIGN.md 5.8, 5.17): administrators demoting or removing each other at the
// same instant, in the portal (each from their own browser session), through the people API, and both mixed. After
// every round the shop keeps an administrator who can sign in, and no change is made by someone who had lost the
// role a moment before.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, csrfOf, type PortalAnswer, type PortalClient } from './portal-client.js';

const PEOPLE = '/portal/configuracion/personas';
const ROUNDS = 12;

interface Admin {
  id: string;
  client: PortalClient;
  csrf: string;
}

describe('the last administrator under races', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  /** A shop with `count` administrators, each signed in to the portal with the people page's token in hand. */
  async function shopWithAdministrators(count: number): Promise<{ shop: OnboardedMerchant; admins: Admin[] }> {
    const shop = await onboardMerchant(gw, { register: false });
    const admins: Admin[] = [];
    for (let i = 0; i < count; i += 1) {
      const invited = await http('POST', `${gw.publicUrl}/v1/personas`, {
        token: shop.apiKey,
        body: { email: `admin${i}@tienda.co`, nombre: `Admin ${i}`, rol: 'administrador' },
      });
      expect(invited.status).toBe(201);
      const client = await acceptInvitation(gw, new URL(invited.body.invitacion.url).pathname);
      admins.push({ id: invited.body.id, client, csrf: csrfOf((await client.get(PEOPLE)).text) });
    }
    return { shop, admins };
  }

  const demote = (by: Admin, whom: Admin): Promise<PortalAnswer> => by.client.post(`${PEOPLE}/${whom.id}/rol`, { csrf: by.csrf, rol: 'lectura' });
  const remove = (by: Admin, whom: Admin): Promise<PortalAnswer> => by.client.post(`${PEOPLE}/${whom.id}/quitar`, { csrf: by.csrf });
  const apiDemote = (shop: OnboardedMerchant, whom: Admin) =>
    http('PATCH', `${gw.publicUrl}/v1/personas/${whom.id}`, { token: shop.apiKey, body: { rol: 'lectura' } });
  const apiRemove = (shop: OnboardedMerchant, whom: Admin) => http('DELETE', `${gw.publicUrl}/v1/personas/${whom.id}`, { token: shop.apiKey });

  /** The shop's administrators who can sign in, as stored. */
  async function activeAdministrators(shop: OnboardedMerchant): Promise<string[]> {
    const rows = (await gw.infra.dataSource.query(
      `SELECT id FROM personas WHERE merchant_id = $1 AND rol = 'administrador' AND eliminada_en IS NULL AND password_hash IS NOT NULL`,
      [shop.merchantId],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  it('two administrators demote or remove each other at once, in the portal, in the API and mixed: one always stays', async () => {
    const races: [string, (shop: OnboardedMerchant, a: Admin, b: Admin) => Promise<unknown>[]][] = [
      ['portal: each demotes the other', (_, a, b) => [demote(a, b), demote(b, a)]],
      ['portal: each removes the other', (_, a, b) => [remove(a, b), remove(b, a)]],
      ['portal: one demotes, the other removes', (_, a, b) => [demote(a, b), remove(b, a)]],
      ['portal: an administrator demotes themself in one tab and removes the other in another', (_, a, b) => [demote(a, a), remove(a, b)]],
      ['API: both demoted at once', (shop, a, b) => [apiDemote(shop, a), apiDemote(shop, b)]],
      ['API: both removed at once', (shop, a, b) => [apiRemove(shop, a), apiRemove(shop, b)]],
      ['mixed: the API removes one while the portal demotes the other', (shop, a, b) => [apiRemove(shop, a), demote(a, b), apiDemote(shop, b)]],
      ['mixed: self-demotion in the portal, removal of the other through the API', (shop, a, b) => [demote(a, a), apiRemove(shop, b), remove(b, a)]],
    ];
    for (const [name, race] of races) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { shop, admins } = await shopWithAdministrators(2);
        const answers = (await Promise.all(race(shop, admins[0]!, admins[1]!))) as { status: number }[];
        for (const answer of answers) expect([200, 204, 303, 403, 409]).toContain(answer.status);
        expect({ name, round, left: (await activeAdministrators(shop)).length }).toEqual({ name, round, left: 1 });
      }
    }
  }, 240_000);

  it('with a third administrator: of two who demote or remove each other at once, the second to act had lost the role and is refused', async () => {
    for (const kind of ['demote', 'remove'] as const) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { shop, admins } = await shopWithAdministrators(3);
        const [a, b] = [admins[0]!, admins[1]!];
        const act = kind === 'demote' ? demote : remove;
        const answers = await Promise.all([act(a, b), act(b, a)]);
        const done = answers.filter((answer) => answer.status === 303 && answer.location?.includes('hecho=')).length;
        // Exactly one of the two went through; the other is the read-only 403 page or, removed, the sign-in.
        expect({ kind, round, done, left: (await activeAdministrators(shop)).length }).toEqual({ kind, round, done: 1, left: 2 });
      }
    }
  }, 240_000);
});
