// A payment the provider approved on Monday whose notice reaches the gateway only on Wednesday (the gateway was
// unreachable and the provider retried): the approval keeps Monday (docs/settlement.md), but the payout cannot have
// been made on Tuesday, before the gateway knew of the payment. Real gateway, real sandbox; the clock is moved.
import { createCharge, estadoOf, eventually, operator } from '../checkout/paying.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { NoticeRelay } from '../support/notice-relay.js';
import { acceptInvitation, operatorInvites } from '../portal/portal-client.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);

describe('an approval recorded after its payout day', () => {
  let db: TestDatabase;
  let gw: TestGateway;
  let relay: NoticeRelay;
  let shop: OnboardedMerchant;
  let now = bogota('2026-04-13T09:00:00');
  const clock = { now: () => now };

  beforeAll(async () => {
    relay = await NoticeRelay.start();
    db = await createTestDatabase();
    gw = await startTestGatewayOn(db.url, { sandboxNoticeUrl: relay.url }, clock);
    relay.target = `${gw.publicUrl}/provider/notices`;
    shop = await onboardMerchant(gw);
  });
  afterAll(async () => {
    await gw.close();
    await db.drop();
    await relay.close();
  });

  it('is paid on the next business day after the gateway learned of it, not on a day already over', async () => {
    const charge = await createCharge(gw, shop);
    // Monday 13 April 2026, 10:00 in Bogotá: the provider approves while the gateway does not answer its notices.
    relay.down = true;
    now = bogota('2026-04-13T10:00:00');
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    expect(await estadoOf(gw, shop, charge.id)).toBe('pendiente');

    // Wednesday 15 April, 09:00: the gateway is back, and the provider's retry lands.
    now = bogota('2026-04-15T09:00:00');
    relay.down = false;
    expect(await eventually(() => estadoOf(gw, shop, charge.id), (estado) => estado === 'aprobado', 30_000)).toBe('aprobado');

    const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${charge.id}/liquidacion`, { token: shop.apiKey });
    expect(answer.status).toBe(200);
    // Monday's approval, as the provider's report of Monday has it; the payout, the first business day after Wednesday.
    // By Monday alone it would be Tuesday 14, already over: "liquidada", a transfer made before we knew of the payment.
    expect(answer.body).toMatchObject({ aprobadoEn: '2026-04-13T15:00:00.000Z', fechaPagoEstimada: '2026-04-16', estado: 'programada' });
    // The portal shows the same day, and says why that day: not "the next business day after the approval" (Tuesday).
    const portal = await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, 'duena@tienda.example.co'));
    const page = await portal.get(`/portal/pagos/${charge.id}`);
    expect(page.text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toContain(
      'Te pagaremos el jueves, 16 de abril de 2026 (el siguiente día hábil en Colombia después del día en que recibimos la aprobación).',
    );
    const report = await operator(gw, 'GET', '/internal/conciliaciones/reportes/2026-04-13');
    expect(report.text.split('\n')).toHaveLength(3); // header, the payment, the last line end

    // Friday: the payout day is over.
    now = bogota('2026-04-17T09:00:00');
    const later = await http('GET', `${gw.publicUrl}/v1/pagos/${charge.id}/liquidacion`, { token: shop.apiKey });
    expect(later.body).toMatchObject({ fechaPagoEstimada: '2026-04-16', estado: 'liquidada' });
  });
});
