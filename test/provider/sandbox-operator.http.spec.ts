// POST /internal/sandbox/pagos/{id}/resultado: the sandbox decides the charge's open payment and notifies the
// gateway through the signed notice path, as a buyer's action would.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, eventTypes, operator, postForm } from '../checkout/paying.js';

describe('operator: decide a sandbox payment', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
  });
  afterAll(() => gw.close());

  const decide = (id: string, resultado: unknown) => operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado });

  it('approves: 202, then the charge is aprobado through the provider notice', async () => {
    const charge = await createCharge(gw, merchant);
    const answer = await decide(charge.id, 'aprobado');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ pagoId: charge.id, resultado: 'aprobado' });
    expect(await estadoOf(gw, merchant, charge.id)).toBe('aprobado');
    // The notice was signed and received like any other: it is recorded as the cause, by the provider.
    const [approved] = await gw.infra.dataSource.query(
      "SELECT metadata FROM events WHERE stream_id = $1 AND type = 'PaymentApproved'",
      [`charge-${charge.id}`],
    );
    expect(approved.metadata.actor).toEqual({ type: 'provider', id: 'sandbox' });
    expect(approved.metadata.causationId).toMatch(/^ntf_/);
    const [notice] = await gw.infra.dataSource.query('SELECT entregada_en FROM sandbox_notices WHERE id = $1', [approved.metadata.causationId]);
    expect(notice.entregada_en).not.toBeNull();
  });

  it('fails: the charge is fallido', async () => {
    const charge = await createCharge(gw, merchant);
    expect((await decide(charge.id, 'fallido')).status).toBe(202);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('fallido');
  });

  it('refuses to decide a payment twice: 409 sandbox_payment_decided, the charge unchanged', async () => {
    const charge = await createCharge(gw, merchant);
    await decide(charge.id, 'aprobado');
    const again = await decide(charge.id, 'fallido');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('sandbox_payment_decided');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('aprobado');
  });

  it("decides the buyer's open payment: a cash voucher paid", async () => {
    const charge = await createCharge(gw, merchant);
    expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).status).toBe(303);
    expect((await decide(charge.id, 'aprobado')).status).toBe(202);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('aprobado');
    const [approved] = await gw.infra.dataSource.query("SELECT data FROM events WHERE stream_id = $1 AND type = 'PaymentApproved'", [
      `charge-${charge.id}`,
    ]);
    expect(approved.data.method).toBe('efectivo');
    expect(await eventTypes(gw, charge.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued', 'PaymentApproved']);
  });

  it('answers 404 for an unknown or malformed charge id, 400 for a bad resultado, 401 without the operator token', async () => {
    expect((await decide('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'aprobado')).status).toBe(404);
    expect((await decide('no-es-uuid', 'aprobado')).status).toBe(404);
    const charge = await createCharge(gw, merchant);
    const bad = await decide(charge.id, 'pagado');
    expect(bad.status).toBe(400);
    expect(bad.body.message.fieldErrors.resultado).toBeDefined();
    const anonymous = await http('POST', `${gw.adminUrl}/internal/sandbox/pagos/${charge.id}/resultado`, { body: { resultado: 'aprobado' } });
    expect(anonymous.status).toBe(401);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
  });

  it('is not on the public listener', async () => {
    const charge = await createCharge(gw, merchant);
    const answer = await http('POST', `${gw.publicUrl}/internal/sandbox/pagos/${charge.id}/resultado`, {
      token: gw.operatorToken,
      body: { resultado: 'aprobado' },
    });
    expect(answer.status).toBe(404);
  });
});
