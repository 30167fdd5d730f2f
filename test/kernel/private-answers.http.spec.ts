// API answers that carry a secret shown once or personal data are for no cache, shared or the browser's, and no answer
// is sniffed into another type; routes that chose their own caching (the bank list, the page's CSS) keep it.
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

const privateAnswer = (answer: HttpAnswer): unknown[] => [answer.status, answer.headers.get('cache-control'), answer.headers.get('x-content-type-options')];

describe('caching of API answers', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
  });
  afterAll(() => gw.close());

  it('the webhook signing secret, an invitation link and a new API key are answered no-store, nosniff', async () => {
    const endpoint = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body: { url: 'https://tienda.example.co/webhooks' } });
    expect(endpoint.body.secret).toMatch(/^whsec_/);
    expect(privateAnswer(endpoint)).toEqual([201, 'no-store', 'nosniff']);

    const invited = await http('POST', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey, body: { email: 'ana@tienda.example.co', nombre: 'Ana', rol: 'lectura' } });
    expect(invited.body.invitacion.url).toContain('/portal/invitacion/');
    expect(privateAnswer(invited)).toEqual([201, 'no-store', 'nosniff']);

    const key = await http('POST', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/api-keys`, { token: gw.operatorToken, body: {} });
    expect(key.body.key).toMatch(/^svcpk_/);
    expect(privateAnswer(key)).toEqual([201, 'no-store', 'nosniff']);
  });

  it('reads of personal data and errors too', async () => {
    expect(privateAnswer(await http('GET', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey }))).toEqual([200, 'no-store', 'nosniff']);
    expect(privateAnswer(await http('GET', `${gw.publicUrl}/v1/pagos`, { token: merchant.apiKey }))).toEqual([200, 'no-store', 'nosniff']);
    expect(privateAnswer(await http('GET', `${gw.publicUrl}/v1/pagos`, { token: 'svcpk_wrong' }))).toEqual([401, 'no-store', 'nosniff']);
  });

  it('a route that set its own caching keeps it', async () => {
    const banks = await http('GET', `${gw.publicUrl}/v1/pagos/bancos`, { token: merchant.apiKey });
    expect(privateAnswer(banks)).toEqual([200, 'private, max-age=300', 'nosniff']);
    const css = await http('GET', `${gw.publicUrl}/checkout/assets/checkout.css`);
    expect(privateAnswer(css)).toEqual([200, 'public, max-age=3600', 'nosniff']);
  });
});
