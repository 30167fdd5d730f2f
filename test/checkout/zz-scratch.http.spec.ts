import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, operator, PAYER, postForm, postFormAndFollow } from './paying.js';

const pagador = { ...PAYER, telefono: '3001234567', banco: '1007' };
describe('scratch', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
    await operator(gw, 'PUT', `/internal/merchants/${merchant.merchantId}/checkout-propio`, { habilitado: true });
  });
  afterAll(() => gw.close());
  const post = (body: Record<string, unknown>, key = `propio-${Math.random()}`) =>
    http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': key },
      body: { merchantId: merchant.merchantId, monto: 89900, moneda: 'COP', referencia: 'OC-1', ...body },
    });

  it('odd payers', async () => {
    const cases: Record<string, unknown>[] = [
      { nombre: 'Ana \ud800 Pérez' },
      { nombre: 'Ana \u0000 Pérez' },
      { nombre: '😀'.repeat(60) },
      { nombre: 'x'.repeat(100) },
      { telefono: '+57 300 123 4567' },
      { email: 'ana@correo.com\u0000' },
      { nombre: '\u200b\u200b' },
      { nombre: '  ' },
    ];
    for (const extra of cases) {
      const a = await post({ pagador: { ...pagador, ...extra } });
      console.log(JSON.stringify(extra).slice(0, 60), a.status, JSON.stringify(a.body).slice(0, 200));
    }
    for (const extra of cases) {
      const charge = await createCharge(gw, merchant);
      const a = await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '1007', ...(extra as Record<string, string>) });
      console.log('form', JSON.stringify(extra).slice(0, 60), a.status, a.headers.get('location')?.slice(0, 60), a.text.slice(0, 100));
    }
  });
});
