// The sandbox's buyer-facing pages (card form, bank page, cash network) answer a browser with a plain Spanish page,
// as the gateway's buyer pages do, for an unknown or malformed address and for input they cannot read; the
// sandbox's API (/api) keeps its JSON.
import { createCharge, MovableClock, PAYER, postForm } from '../checkout/paying.js';
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { freePort } from '../support/ports.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const page = (answer: HttpAnswer): unknown[] => [answer.status, answer.headers.get('content-type'), answer.headers.get('cache-control')];

describe('sandbox provider: the buyer pages answer pages', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it('an unknown or malformed card form or PSE attempt is the plain 404 page, shown or posted to', async () => {
    const answers = [
      await http('GET', `${gw.sandboxUrl}/tarjeta/frm_desconocido`),
      await http('GET', `${gw.sandboxUrl}/tarjeta/no-es-un-formulario`),
      await http('POST', `${gw.sandboxUrl}/tarjeta/frm_desconocido`, { headers: FORM, rawBody: 'numero=4242424242424242&nombre=Ana&vence=12%2F30&cvc=123' }),
      await http('GET', `${gw.sandboxUrl}/pse/int_desconocido`),
      await http('GET', `${gw.sandboxUrl}/pse/%E2%9C%93`),
      await http('POST', `${gw.sandboxUrl}/pse/int_desconocido`, { headers: FORM, rawBody: 'decision=aprobar' }),
    ];
    for (const answer of answers) {
      expect(page(answer)).toEqual([404, 'text/html; charset=utf-8', 'no-store']);
      expect(answer.text).toContain('<h1>Esta página no existe</h1>');
    }
  });

  it('a form it cannot read (a NUL, a body that is not a form) is a plain 400 page', async () => {
    const answers = [
      await http('POST', `${gw.sandboxUrl}/tarjeta/frm_desconocido`, { headers: FORM, rawBody: 'numero=4242%00' }),
      await http('POST', `${gw.sandboxUrl}/pse/int_desconocido`, { headers: FORM, rawBody: 'decision=aprobar%00' }),
      await http('POST', `${gw.sandboxUrl}/red-efectivo`, { headers: FORM, rawBody: 'referencia=123456%00' }),
      await http('POST', `${gw.sandboxUrl}/red-efectivo`, { headers: { 'content-type': 'application/json' }, rawBody: '"123456"' }),
    ];
    for (const answer of answers) {
      expect(page(answer)).toEqual([400, 'text/html; charset=utf-8', 'no-store']);
      expect(answer.text).toContain('No pudimos leer los datos enviados');
    }
  });

  it('every buyer page says it is the test environment, the card form framed in the checkout included', async () => {
    const merchant = await onboardMerchant(gw);
    const charge = await createCharge(gw, merchant);
    const checkout = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
    const cardForm = /<iframe[^>]+src="([^"]+)"/.exec(checkout.text)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(cardForm.startsWith(`${gw.infra.config.sandboxPublicUrl}/tarjeta/`)).toBe(true);
    const bankPage = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1007' })).headers.get('location') ?? '';
    expect(bankPage.startsWith(`${gw.infra.config.sandboxPublicUrl}/pse/`)).toBe(true);
    for (const url of [cardForm, bankPage, `${gw.sandboxUrl}/red-efectivo`]) {
      const answer = await http('GET', url);
      expect([url, answer.status]).toEqual([url, 200]);
      expect([url, answer.text.includes('Entorno de pruebas: ningún dinero real se mueve aquí')]).toEqual([url, true]);
    }
  });

  it('the card form says the data are encrypted only when the sandbox is served over https', async () => {
    const cardFormOf = async (sandbox: TestGateway): Promise<URL> => {
      const charge = await createCharge(sandbox, await onboardMerchant(sandbox));
      const checkout = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
      return new URL((/<iframe[^>]+src="([^"]+)"/.exec(checkout.text)?.[1] ?? '').replace(/&amp;/g, '&'));
    };
    const plainForm = await cardFormOf(gw);
    expect(plainForm.protocol).toBe('http:');
    const plain = await http('GET', plainForm.href);
    // A card it refuses shows the form again: that one too.
    const refused = await http('POST', plainForm.href, { headers: FORM, rawBody: 'numero=1234&nombre=Ana&vence=12%2F30&cvc=123' });
    expect([plain.status, refused.status]).toEqual([200, 400]);
    for (const answer of [plain, refused]) {
      expect(answer.text).toContain('Tus datos van al procesador, no al comercio.');
      expect(answer.text).not.toContain('cifrad');
      expect(answer.text).not.toContain('seguro');
    }

    // A fixed port, so that the gateway keeps SANDBOX_PUBLIC_URL as given (https, behind a TLS proxy in production).
    const port = await freePort();
    const secure = await startTestGateway({ sandboxPort: port, sandboxPublicUrl: 'https://sandbox.example.co', providerUrl: `http://127.0.0.1:${port}` });
    try {
      const secureForm = await cardFormOf(secure);
      expect(secureForm.origin).toBe('https://sandbox.example.co');
      const page = await http('GET', `${secure.sandboxUrl}${secureForm.pathname}`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<p class="secure"><svg[^]*?<\/svg> Formulario seguro: tus datos van cifrados al procesador, no al comercio\.<\/p>/);
    } finally {
      await secure.close();
    }
  });

  it('a bank page answered after the charge was paid another way sends the buyer back, whatever the bank', async () => {
    const merchant = await onboardMerchant(gw);
    for (const banco of ['1007', '9901', '9903']) {
      const charge = await createCharge(gw, merchant);
      const bankPage = (await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco })).headers.get('location') ?? '';
      // The buyer leaves the bank's tab open, goes back to the checkout and pays by card instead.
      const panel = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
      const frameUrl = (/<iframe[^>]* src="([^"]+)"/.exec(panel.text)?.[1] ?? '').replace(/&amp;/g, '&');
      const confirm = await postForm(frameUrl, { numero: '4242 4242 4242 4242', nombre: 'ANA M PEREZ', vence: '12/30', cvc: '123' });
      const tokenTarjeta = /name="tokenTarjeta" value="([^"]+)"/.exec(confirm.text)?.[1] ?? '';
      expect((await postForm(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta, cuotas: '1' })).status).toBe(303);
      // Then answers the bank's page left open: back to the checkout, which shows what happened.
      const answer = await postForm(bankPage, { decision: 'aprobar' });
      expect([banco, answer.status, answer.headers.get('location')]).toEqual([banco, 303, charge.checkoutUrl]);
    }
  });

  it("takes a card through the last day of its month as the buyer's calendar has it (Bogota), not UTC's", async () => {
    const clock = new MovableClock();
    const bogota = await startTestGateway({}, clock);
    try {
      const cardForm = async (): Promise<string> => {
        const charge = await createCharge(bogota, await onboardMerchant(bogota));
        const checkout = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
        const frame = new URL((/<iframe[^>]+src="([^"]+)"/.exec(checkout.text)?.[1] ?? '').replace(/&amp;/g, '&'));
        return `${bogota.sandboxUrl}${frame.pathname}`;
      };
      const pay = (url: string) => http('POST', url, { headers: FORM, rawBody: 'numero=4242424242424242&nombre=Ana+Perez&vence=03%2F31&cvc=123' });
      // 31 March 2031, 19:30 in Bogota (already 1 April in UTC): a card "03/31" is still good.
      clock.advance(Date.parse('2031-03-31T19:30:00-05:00') - clock.now().getTime());
      const lastEvening = await pay(await cardForm());
      expect([lastEvening.status, lastEvening.text.includes('La tarjeta está vencida.')]).toEqual([200, false]);
      // 1 April in Bogota: it is not.
      clock.advance(Date.parse('2031-04-01T00:00:30-05:00') - clock.now().getTime());
      const nextMorning = await pay(await cardForm());
      expect([nextMorning.status, nextMorning.text.includes('La tarjeta está vencida.')]).toEqual([400, true]);
    } finally {
      await bogota.close();
    }
  });

  it('its API keeps answering JSON', async () => {
    const session = await http('GET', `${gw.sandboxUrl}/api/sesiones/ses_desconocida`, { token: gw.infra.config.providerSecret });
    expect([session.status, session.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
    const voucher = await http('POST', `${gw.sandboxUrl}/api/red-efectivo/pagos`, { token: gw.infra.config.providerSecret, body: { referencia: 'x' } });
    expect([voucher.status, voucher.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
    expect(voucher.body.message.fieldErrors.referencia).toBeDefined();
  });
});
