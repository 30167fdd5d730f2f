// The hosted page as an attacker meets it: a token with a charge's id and a guessed random part, or no charge at all,
// opens nothing and answers exactly the missing page, on every route and method, whatever the form posted; the flash
// cookie cannot be forged, tampered with, or carried to another charge.
import { randomBytes } from 'node:crypto';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, postForm, postFormAndFollow, PAYER } from './paying.js';

describe('the hosted checkout against a guessed or forged link', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw, { nombre: 'Tienda Segura' });
  });
  afterAll(() => gw.close());

  /** The page a link to no charge answers: what every forged link must answer, byte for byte. */
  async function missingPage(): Promise<string> {
    const missing = await http('GET', `${gw.publicUrl}/checkout/${'A'.repeat(54)}`);
    expect(missing.status).toBe(404);
    return missing.text;
  }

  it("a charge's id with a wrong random part answers the missing page, byte for byte, on every route and method", async () => {
    const missing = await missingPage();
    const charge = await createCharge(gw, merchant);
    const forged = `${charge.token.slice(0, 22)}${charge.token[22] === 'A' ? 'B' : 'A'}${charge.token.slice(23)}`;
    const base = `${gw.publicUrl}/checkout/${forged}`;
    const answers = [
      await http('GET', base),
      await http('GET', `${base}/estado`),
      await http('GET', `${base}/volver`),
      await postForm(`${base}/pse`, { ...PAYER, banco: '1007' }),
      await postForm(`${base}/pse`, { ...PAYER, banco: '' }),
      await postForm(`${base}/tarjeta`, { tokenTarjeta: 'tok_visa', cuotas: '1' }),
      await postForm(`${base}/tarjeta`, { tokenTarjeta: '', cuotas: '1' }),
      await postForm(`${base}/efectivo`, {}),
    ];
    for (const answer of answers) {
      expect([answer.status, answer.headers.getSetCookie(), answer.text]).toEqual([404, [], missing]);
    }
  });

  it('a card form posted to a link of no charge is the missing page, not a redirect leaving a cookie, whatever the form holds', async () => {
    const missing = await missingPage();
    // A token-shaped link of no charge, and a path segment that is no token at all (a cookie attribute smuggled in).
    for (const token of ['B'.repeat(54), 'C'.repeat(32), encodeURIComponent('AAAAAAAAAAAAAAAA; Path=/; Domain=example.com')]) {
      for (const form of [{ tokenTarjeta: '', cuotas: '1' }, { tokenTarjeta: 'no es un token', cuotas: '1' }]) {
        const answer = await postForm(`${gw.publicUrl}/checkout/${token}/tarjeta`, form);
        expect([answer.status, answer.headers.get('location'), answer.headers.getSetCookie(), answer.text]).toEqual([404, null, [], missing]);
      }
    }
  });

  it('a flash cookie forged, tampered with, or sealed for another charge is ignored: the plain page, and cleared', async () => {
    const charge = await createCharge(gw, merchant);
    const { cookie } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '', numeroDocumento: '1020304050' });
    const flipped = Buffer.from(cookie.split('=')[1] ?? '', 'base64url');
    flipped[20] = flipped[20]! ^ 1;
    const other = await createCharge(gw, merchant);
    const cases: Array<[string, string]> = [
      [charge.checkoutUrl, `pasarela_checkout_aviso=${flipped.toString('base64url')}`],
      [charge.checkoutUrl, `pasarela_checkout_aviso=${Buffer.alloc(80, 7).toString('base64url')}`],
      [charge.checkoutUrl, 'pasarela_checkout_aviso=%00%ff'],
      [other.checkoutUrl, cookie],
    ];
    for (const [url, forged] of cases) {
      const page = await http('GET', `${url}?metodo=pse`, { headers: { cookie: forged } });
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('Elige tu banco.');
      expect(page.text).not.toContain('1020304050');
      expect(page.headers.getSetCookie()[0]).toMatch(/^pasarela_checkout_aviso=; Path=\/checkout\/[A-Za-z0-9_-]+; Max-Age=0/);
    }
  });

  it('a link made before tokens named their charge (32 random characters) still opens it, found through the read model; a near miss does not', async () => {
    const missing = await missingPage();
    const charge = await createCharge(gw, merchant);
    await waitUntil(() => gw.infra.dataSource.query('SELECT 1 FROM charges WHERE id = $1', [charge.id]), (rows: unknown[]) => rows.length === 1);
    // Such a charge as it was recorded then: its ChargeCreated and its row carry the older token.
    const legacy = randomBytes(24).toString('base64url');
    await gw.infra.dataSource.query(
      "UPDATE events SET data = jsonb_set(data, '{checkoutToken}', to_jsonb($1::text)) WHERE stream_id = $2 AND revision = 0",
      [legacy, `charge-${charge.id}`],
    );
    await gw.infra.dataSource.query('UPDATE charges SET checkout_token = $1 WHERE id = $2', [legacy, charge.id]);
    const page = await http('GET', `${gw.publicUrl}/checkout/${legacy}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Camiseta talla M');
    // The new-shaped link of the same charge is no longer its token; nor is the old one with a character changed.
    const nearMiss = `${legacy.slice(0, 31)}${legacy[31] === 'A' ? 'B' : 'A'}`;
    for (const token of [charge.token, nearMiss]) {
      const answer = await http('GET', `${gw.publicUrl}/checkout/${token}`);
      expect([answer.status, answer.text]).toEqual([404, missing]);
    }
  });

  it("the PSE form's values a post leaves for the page come back escaped, whatever was posted", async () => {
    const charge = await createCharge(gw, merchant);
    const hostile = '"><script>alert(1)</script><input value="';
    const { page } = await postFormAndFollow(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '', nombre: hostile, email: `${hostile}@x.co` });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Elige tu banco.');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
