// The last administrator under races (DESIGN.md 5.8, 5.17): administrators demoting or removing each other at the
// same instant, in the portal (each from their own browser session), through the people API, and both mixed. After
// every round the shop keeps an administrator who can sign in, and no change is made by someone who had lost the
// role a moment before.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { DEFAULT_RETURN_URL, DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge, untilDeliveries } from '../webhooks/support/webhooks.js';
import { acceptInvitation, csrfOf, type PortalAnswer, type PortalClient } from './portal-client.js';

const PEOPLE = '/portal/configuracion/personas';
const ROUNDS = 12;
const WRITE_ROUNDS = 8;

interface Admin {
  id: string;
  client: PortalClient;
  csrf: string;
}

describe('the last administrator under races', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
    // A re-send's row is updated again by the dispatcher moments later, so its xmin no longer tells when the re-send
    // was made: this throw-away database keeps, for each re-send, a row of its own written in the re-send's transaction.
    await gw.infra.dataSource.query(`
      CREATE TABLE test_resends (actor jsonb NOT NULL);
      CREATE FUNCTION test_record_resend() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN INSERT INTO test_resends VALUES (NEW.resent_by); RETURN NEW; END $$;
      CREATE TRIGGER test_record_resend AFTER UPDATE OF resent_by ON webhook_deliveries
        FOR EACH ROW EXECUTE FUNCTION test_record_resend();`);
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

  /**
   * Transaction ids of the rows a person wrote (people's history, web registration changes, webhook endpoint changes,
   * re-sent deliveries) and of the change that demoted or removed them. Every write a role gates takes the merchant row's lock before it
   * writes, and an xid is given at the first write or row lock: a write made under the lock before the demotion has
   * the smaller xid; one made after it by someone who had lost the role, the larger.
   */
  async function xidsOf(personId: string): Promise<{ written: number[]; lost: number }> {
    const query = async (sql: string): Promise<number[]> =>
      ((await gw.infra.dataSource.query(sql, [personId])) as { x: string }[]).map((r) => Number(r.x));
    const written = await query(
      `SELECT xmin::text AS x FROM personas_cambios WHERE actor->>'id' = $1 AND accion <> 'activada'
       UNION ALL SELECT xmin::text FROM web_registration_changes WHERE actor->>'id' = $1
       UNION ALL SELECT xmin::text FROM webhook_endpoint_changes WHERE actor->>'id' = $1
       UNION ALL SELECT xmin::text FROM test_resends WHERE actor->>'id' = $1`,
    );
    const [lost] = await query(`SELECT xmin::text AS x FROM personas_cambios WHERE persona_id = $1 AND accion IN ('rol', 'eliminada')`);
    if (lost === undefined) throw new Error('the demotion or removal was not made');
    return { written, lost };
  }

  const webhookPage = '/portal/configuracion/webhook';
  const registerEndpoint = (shop: OnboardedMerchant) =>
    http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: shop.apiKey, body: { url: 'http://127.0.0.1:9/webhooks' } });
  /** A notice kept sin_endpoint (the shop has no endpoint), ready to be re-sent: answers its delivery id. */
  async function keptNotice(shop: OnboardedMerchant): Promise<string> {
    const site = await http('PUT', `${gw.publicUrl}/v1/merchants/me/registro-web`, { token: shop.apiKey, body: { sitioWeb: DEFAULT_SITE, urlRetorno: DEFAULT_RETURN_URL } });
    expect(site.status).toBe(200);
    await approveCharge(gw, (await createCharge(gw, shop)).id);
    const [kept] = await untilDeliveries(gw, shop.merchantId, 'sin_endpoint');
    return kept!.id;
  }
  /** Every portal write a role gates, each as the person who is losing the role sends it (`prepared`: what prepare answered). */
  const gatedWrites: {
    name: string;
    prepare?: (shop: OnboardedMerchant) => Promise<unknown>;
    send: (by: Admin, other: Admin, prepared: unknown) => Promise<PortalAnswer>;
  }[] = [
    { name: 'an invitation', send: (by) => by.client.post(PEOPLE, { csrf: by.csrf, email: `nueva-${Math.random().toString(36).slice(2)}@tienda.co`, nombre: 'Nueva', rol: 'administrador' }) },
    { name: 'a password link', send: (by, other) => by.client.post(`${PEOPLE}/${other.id}/restablecer`, { csrf: by.csrf }) },
    { name: 'the site', send: (by) => by.client.post('/portal/configuracion/sitio', { csrf: by.csrf, sitioWeb: 'https://tienda.example.co', urlRetorno: 'https://tienda.example.co/gracias' }) },
    { name: 'registering the webhook', send: (by) => by.client.post(webhookPage, { csrf: by.csrf, url: 'http://127.0.0.1:9/otra' }) },
    { name: "the webhook's URL", prepare: registerEndpoint, send: (by) => by.client.post(`${webhookPage}/url`, { csrf: by.csrf, url: 'http://127.0.0.1:9/nueva' }) },
    { name: "the webhook's state", prepare: registerEndpoint, send: (by) => by.client.post(`${webhookPage}/estado`, { csrf: by.csrf, activo: 'false' }) },
    {
      name: 'rolling the secret',
      prepare: registerEndpoint,
      send: async (by) => {
        const visto = /name="visto" value="([^"]+)"/.exec((await by.client.get(`${webhookPage}/secreto`)).text)?.[1] ?? '';
        return by.client.post(`${webhookPage}/secreto`, { csrf: by.csrf, visto, entiendo: 'si' });
      },
    },
    { name: 'a re-send', prepare: keptNotice, send: (by, _, deliveryId) => by.client.post(`${webhookPage}/entregas/${String(deliveryId)}/reenviar`, { csrf: by.csrf }) },
  ];

  it('a person demoted or removed at the same instant as their write is refused, nothing written, whatever the write', async () => {
    for (const write of gatedWrites) {
      for (const kind of ['demote', 'remove'] as const) {
        for (let round = 0; round < WRITE_ROUNDS; round += 1) {
          const { shop, admins } = await shopWithAdministrators(2);
          const [a, b] = [admins[0]!, admins[1]!];
          const prepared = await write.prepare?.(shop);
          const [, answer] = await Promise.all([kind === 'demote' ? demote(a, b) : remove(a, b), write.send(b, a, prepared)]);
          const { written, lost } = await xidsOf(b.id);
          const where = { write: write.name, kind, round, status: answer.status, location: answer.location };
          // Whatever went through was written under the lock before the role was lost; nothing after.
          expect({ ...where, writtenAfter: written.filter((x) => x > lost).length }).toEqual({ ...where, writtenAfter: 0 });
          const signIn = answer.status === 303 && (answer.location ?? '').startsWith('/portal/ingresar');
          if (answer.status === 403 || signIn) expect({ ...where, written }).toEqual({ ...where, written: [] });
          // The reason shown is the true one: read-only after a demotion, sign-in once removed (never "solo lectura").
          if (kind === 'remove') expect({ ...where, readOnlyPage: answer.status === 403 }).toEqual({ ...where, readOnlyPage: false });
          else expect({ ...where, signIn }).toEqual({ ...where, signIn: false });
          if (answer.location?.endsWith('aviso=sin_acceso')) expect((await b.client.get(answer.location)).text).toContain('Ya no tienes acceso a ese comercio');
        }
      }
    }
  }, 600_000);

  it('with a third administrator: of two who demote or remove each other at once, the second to act had lost the role and is refused', async () => {
    for (const kind of ['demote', 'remove'] as const) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { shop, admins } = await shopWithAdministrators(3);
        const [a, b] = [admins[0]!, admins[1]!];
        const act = kind === 'demote' ? demote : remove;
        const answers = await Promise.all([act(a, b), act(b, a)]);
        const done = answers.filter((answer) => answer.status === 303 && answer.location?.includes('hecho=')).length;
        // Exactly one of the two went through; the other is the read-only 403 page or, removed, the sign-in (never the
        // read-only page: that is not why they were refused).
        const readOnlyPages = kind === 'remove' ? answers.filter((answer) => answer.status === 403).length : 0;
        expect({ kind, round, done, readOnlyPages, left: (await activeAdministrators(shop)).length }).toEqual({ kind, round, done: 1, readOnlyPages: 0, left: 2 });
      }
    }
  }, 240_000);
});
