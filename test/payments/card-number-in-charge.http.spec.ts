// A card number never reaches the gateway (DESIGN.md 7, house rule 7): a charge whose referencia or descripcion
// carries one is refused with a 400 on that field and nothing is stored, shown to the buyer or sent in a webhook.
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

describe('POST /v1/pagos with a card number in its text', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
  });
  afterAll(() => gw.close());

  const create = (extra: Record<string, unknown>) =>
    http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': randomUUID() },
      body: { merchantId: merchant.merchantId, monto: 150000, moneda: 'COP', referencia: `PED-${randomUUID().slice(0, 8)}`, ...extra },
    });

  it.each([
    ['descripcion', 'Pago con tarjeta 4111 1111 1111 1111 vence 12/30'],
    ['descripcion', 'Camiseta; tarjeta 5555-5555-5555-4444'],
    ['descripcion', 'Pedido 123 4242 4242 4242 4242'],
    ['descripcion', 'Amex 3782 822463 10005'],
    ['referencia', '4242424242424242'],
    ['referencia', 'PED-4000.0000.0000.0002'],
    ['descripcion', 'Tarjeta 4111\u00a01111\u00a01111\u00a01111'], // copied from a document: no-break spaces
    ['referencia', '4111/1111/1111/1111'],
    ['referencia', 'PED_4242_4242_4242_4242'],
  ])('%s %j: 400 on that field, the number not repeated, nothing created', async (field, text) => {
    const answer = await create({ [field]: text });
    expect(answer.status).toBe(400);
    expect(answer.body.message.fieldErrors).toEqual({ [field]: [`${field} must not contain a card number: the buyer types it on the payment page, never in your request`] });
    expect(answer.text.replace(/\D/g, '')).not.toContain(text.replace(/\D/g, '').slice(-12));
    const list = await http('GET', `${gw.publicUrl}/v1/pagos`, { token: merchant.apiKey });
    expect(JSON.stringify(list.body).replace(/\D/g, '')).not.toContain(text.replace(/\D/g, '').slice(-12));
  });

  it.each([
    ['referencia', '4111111111111112'], // 16 digits on a Visa prefix, but not a card: the check digit is wrong
    ['referencia', '1732435200000'], // a time in milliseconds
    ['referencia', '20261124000000123456789'], // longer than any card
    ['referencia', 'PED-2026-11-24-000123'],
    ['descripcion', 'NIT 900.123.456-7, teléfono +57 300 123 4567, pedido 1234567890123'],
    ['descripcion', 'Factura 9111 1111 1111 1111 8'], // a check-digit-valid run on no card prefix
  ])('%s %j is not a card number: 201', async (field, text) => {
    const answer = await create({ [field]: text });
    expect(answer.status).toBe(201);
  });
});
