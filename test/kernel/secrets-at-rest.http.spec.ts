// Rule 7: every secret the gateway hands out is shown in exactly one answer and kept by us only as a hash (API keys,
// session and link tokens), sealed (webhook signing secrets) or argon2id (portal passwords): after a merchant's whole
// set-up through the doors its people use, no table row holds any of them, and no later answer (the API's reads, the
// portal's pages, the history of changes, the operator's event log) shows one again.
import { acceptInvitation, csrfOf, operatorInvites, PortalClient, signIn } from '../portal/portal-client.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

describe('secrets at rest and shown once', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw, { nombre: 'Tienda Reservada' });
  });
  afterAll(() => gw.close());

  it('keeps none of them readable, and shows each in one answer only', async () => {
    const answers: string[] = [];
    const secrets: Record<string, string> = {};
    const api = async (method: string, path: string, body?: unknown) => {
      const answer = await http(method, `${gw.publicUrl}${path}`, { token: secrets.apiKey, body });
      answers.push(answer.text);
      return answer;
    };
    const operator = async (method: string, path: string, body?: unknown) => {
      const answer = await http(method, `${gw.adminUrl}${path}`, { token: gw.operatorToken, body });
      answers.push(answer.text);
      return answer;
    };
    const page = async (client: PortalClient, path: string) => {
      const answer = await client.get(path);
      answers.push(answer.text);
      return answer;
    };
    const tokenOf = (url: string): string => new URL(url).pathname.split('/').at(-1)!;

    const issued = await operator('POST', `/internal/merchants/${merchant.merchantId}/api-keys`, { rol: 'administrador' });
    secrets.apiKey = issued.body.key;
    secrets.webhookSecret = (await api('POST', '/v1/webhook-endpoint', { url: 'http://127.0.0.1:9/hook' })).body.secret;
    secrets.rolledSecret = (await api('POST', '/v1/webhook-endpoint/secreto')).body.secret;
    const rotated = await operator('POST', `/internal/api-keys/${issued.body.id}/rotacion`, { graciaSegundos: 60 });
    secrets.rotatedKey = rotated.body.key;
    const invited = await operator('POST', `/internal/merchants/${merchant.merchantId}/personas`, { email: 'duena@reservada.co', nombre: 'Dueña' });
    secrets.invitationToken = tokenOf(invited.body.invitacion.url);
    const password = 'una clave que solo ella sabe';
    secrets.password = password;
    const owner = await acceptInvitation(gw, new URL(invited.body.invitacion.url).pathname, password);
    secrets.firstSession = [...owner.cookies].find(([name]) => name.includes('sesion'))![1];
    const reader = await api('POST', '/v1/personas', { email: 'lectora@reservada.co', nombre: 'Lectora', rol: 'lectura' });
    secrets.readerInvitation = tokenOf(reader.body.invitacion.url);
    const reset = await api('POST', `/v1/personas/${invited.body.id}/restablecimiento`);
    secrets.resetToken = tokenOf(reset.body.url);
    await owner.post('/portal/salir', { csrf: csrfOf((await owner.get('/portal/sesiones')).text) });
    const { client } = await signIn(gw, 'duena@reservada.co', password);
    secrets.session = [...client.cookies].find(([name]) => name.includes('sesion'))![1];
    // The portal's own roll of the signing secret: shown on the page its post leads to.
    const confirm = await client.get('/portal/configuracion/webhook/secreto');
    const visto = /name="visto" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '';
    const rolled = await client.post('/portal/configuracion/webhook/secreto', { csrf: csrfOf(confirm.text), visto, entiendo: 'si' });
    answers.push(rolled.text);
    const shown = rolled.location ? await page(client, rolled.location) : rolled;
    secrets.portalSecret = /whsec_[A-Za-z0-9_-]+/.exec(shown.text)?.[0] ?? '';
    expect(secrets.portalSecret).toMatch(/^whsec_/);

    // Every read that could show one again.
    await api('GET', '/v1/webhook-endpoint');
    await api('GET', '/v1/personas');
    await api('GET', '/v1/merchants/me');
    await api('GET', '/v1/merchants/me/cambios?limit=100');
    for (const path of ['/portal/configuracion/webhook', '/portal/configuracion/personas', '/portal/configuracion/historial', '/portal/sesiones', '/portal/resumen']) {
      expect([path, (await page(client, path)).status]).toEqual([path, 200]);
    }

    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, secret.length >= 16]).toEqual([name, true]);
      // The person's own password and her session cookies are in no answer's body at all.
      const once = name === 'password' || name.toLowerCase().includes('session') ? 0 : 1;
      expect([name, answers.filter((text) => text.includes(secret)).length]).toEqual([name, once]);
    }

    // Nothing readable at rest: no row of any table holds one, in its text or as hex.
    const tables: Array<{ table_name: string }> = await gw.infra.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const hits: string[] = [];
    let seen = 0; // the scan reads what is there: the merchant's name and the invited emails, in the clear
    for (const { table_name } of tables) {
      const rows: Array<{ row: string }> = await gw.infra.dataSource.query(`SELECT t::text AS row FROM "${table_name}" t`);
      for (const { row } of rows) {
        if (row.includes('Tienda Reservada') || row.includes('duena@reservada.co')) seen++;
        for (const [name, secret] of Object.entries(secrets)) {
          if (row.includes(secret) || row.includes(Buffer.from(secret).toString('hex'))) hits.push(`${table_name} holds ${name}`);
        }
      }
    }
    expect(hits).toEqual([]);
    expect(seen).toBeGreaterThan(1);
    const hashes: Array<{ password_hash: string }> = await gw.infra.dataSource.query('SELECT password_hash FROM personas WHERE password_hash IS NOT NULL');
    expect(hashes.length).toBeGreaterThan(0);
    for (const { password_hash } of hashes) expect(password_hash).toMatch(/^\$argon2id\$/);
  });
});
