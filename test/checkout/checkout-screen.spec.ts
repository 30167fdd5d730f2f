// What the hosted page shows, decided from the charge and the provider's latest attempt.
import { checkoutScreen, type AttemptView } from '../../src/checkout/domain/checkout-screen.js';
import { fold } from '../../src/payments/domain/charge.js';
import type { ChargeEvent } from '../../src/payments/domain/charge.events.js';

const at = '2026-11-20T15:00:00.000Z';
const now = new Date('2026-11-20T16:00:00.000Z');
const created: ChargeEvent = {
  type: 'ChargeCreated',
  data: {
    chargeId: '0b6f3a52-6f4e-4d7e-9a0e-3f1d2c4b5a69',
    merchantId: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    monto: 150000,
    moneda: 'COP',
    referencia: 'PED-1',
    descripcion: null,
    urlRetorno: null,
    checkoutToken: 'tok',
    createdAt: at,
  },
};
const opened: ChargeEvent = { type: 'CheckoutOpened', data: { providerSessionId: 'ses_1', openedAt: at } };
const voucher = (expiresAt: string): ChargeEvent => ({
  type: 'CashVoucherIssued',
  data: { voucherReference: '1234567890', agreementCode: '110342', networks: ['Efecty'], expiresAt, issuedAt: at },
});
const approved: ChargeEvent = { type: 'PaymentApproved', data: { method: 'tarjeta', providerReference: 'int_1', noticeId: 'n1', approvedAt: at } };
const failed: ChargeEvent = {
  type: 'PaymentFailed',
  data: { method: 'pse', providerReference: 'int_1', noticeId: 'n1', reason: 'rechazado_por_el_banco', failedAt: at },
};
const pse = (status: AttemptView['status'], ownCheckout = false): AttemptView => ({
  method: 'pse',
  status,
  redirectUrl: status === 'started' ? 'http://sandbox/pse/int_1' : null,
  bankName: 'Bancolombia',
  ownCheckout,
});

const screen = (events: ChargeEvent[], attempt: AttemptView | null = null) => {
  const charge = fold(events);
  if (!charge) throw new Error('no charge');
  return checkoutScreen(charge, attempt, now);
};

describe('the hosted page screen', () => {
  it('offers the methods for a pendiente charge with nothing started', () => {
    expect(screen([created, opened])).toEqual({ kind: 'choose', pendingBank: null });
  });

  it('never offers a payment form for a final charge, whatever the provider says', () => {
    expect(screen([created, opened, approved], pse('started'))).toEqual({ kind: 'final', outcome: 'aprobado' });
    expect(screen([created, opened, failed])).toEqual({ kind: 'final', outcome: 'fallido' });
  });

  it('shows the voucher and nothing else once one is issued, and says when it expired', () => {
    expect(screen([created, opened, voucher('2026-11-23T15:00:00.000Z')], pse('started'))).toEqual({ kind: 'voucher' });
    expect(screen([created, opened, voucher('2026-11-20T15:30:00.000Z')])).toEqual({ kind: 'voucher-expired' });
  });

  it('sends an own-checkout buyer straight to the bank, and offers a hosted buyer to continue there', () => {
    expect(screen([created, opened], pse('started', true))).toEqual({ kind: 'go-to-bank', url: 'http://sandbox/pse/int_1' });
    expect(screen([created, opened], pse('started'))).toEqual({
      kind: 'choose',
      pendingBank: { name: 'Bancolombia', url: 'http://sandbox/pse/int_1' },
    });
  });

  it('waits while the bank processes, or while a decided payment is on its way here', () => {
    expect(screen([created, opened], pse('processing'))).toEqual({ kind: 'processing', bankName: 'Bancolombia' });
    expect(screen([created, opened], { ...pse('approved'), method: 'tarjeta', bankName: null })).toEqual({ kind: 'processing', bankName: null });
  });

  it('offers the methods again after an abandoned PSE payment was cancelled', () => {
    expect(screen([created, opened], pse('cancelled'))).toEqual({ kind: 'choose', pendingBank: null });
  });

  it('shows a charge the provider has not opened as unavailable', () => {
    expect(screen([created])).toEqual({ kind: 'unavailable' });
  });
});
