// The charge state machine, move by move: given events, when a command, then events or a domain error.
import { fold } from '../../src/payments/domain/charge.js';
import { decide, type ChargeCommand } from '../../src/payments/domain/charge.decide.js';
import { ChargeAlreadyExists, ChargeNotFound, ContradictoryOutcome, IllegalTransition } from '../../src/payments/domain/charge.errors.js';
import { upcastChargeEvent, type ChargeEvent } from '../../src/payments/domain/charge.events.js';

const now = new Date('2026-11-20T15:00:00.000Z');
const at = now.toISOString();
const CHARGE = '0b6f3a52-6f4e-4d7e-9a0e-3f1d2c4b5a69';
const MERCHANT = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

function given(...events: ChargeEvent[]) {
  const state = fold(events);
  return {
    when: (command: ChargeCommand) => ({
      then: (expected: ChargeEvent[]) => expect(decide(command, state)).toEqual(expected),
      thenThrows: (error: new (...args: never[]) => Error) => expect(() => decide(command, state)).toThrow(error),
    }),
  };
}

const created: ChargeEvent = {
  type: 'ChargeCreated',
  data: {
    chargeId: CHARGE,
    merchantId: MERCHANT,
    monto: 150000,
    moneda: 'COP',
    referencia: 'PED-1001',
    descripcion: 'Camiseta talla M',
    urlRetorno: null,
    checkoutToken: 'tok',
    createdAt: '2026-11-20T14:59:00.000Z',
  },
};
const opened: ChargeEvent = { type: 'CheckoutOpened', data: { providerSessionId: 'ses_1', openedAt: at } };
const approved: ChargeEvent = {
  type: 'PaymentApproved',
  data: { method: 'pse', providerReference: 'ref-1', noticeId: 'n-1', approvedAt: at },
};
const failed: ChargeEvent = {
  type: 'PaymentFailed',
  data: { method: 'tarjeta', providerReference: 'ref-1', noticeId: 'n-2', reason: 'declined', failedAt: at },
};
const reconciled: ChargeEvent = { type: 'ChargeReconciled', data: { reportId: 'r-1', valueDate: '2026-11-21', reconciledAt: at } };
const refunded: ChargeEvent = { type: 'ChargeRefunded', data: { monto: 150000, providerRefundId: 'rf-1', refundedAt: at } };
const voucher: ChargeEvent = {
  type: 'CashVoucherIssued',
  data: { voucherReference: 'V-1', agreementCode: '1234', networks: ['Efecty'], expiresAt: '2026-11-22T15:00:00.000Z', issuedAt: at },
};

const outcome = (o: 'approved' | 'failed', noticeId = 'n-9', providerReference = 'ref-9'): ChargeCommand => ({
  type: 'ApplyProviderOutcome',
  data: { outcome: o, method: 'pse', providerReference, noticeId },
  now,
});
const { chargeId: _chargeId, createdAt: _createdAt, ...createData } = created.data;
const create: ChargeCommand = { type: 'CreateCharge', data: { ...createData, chargeId: CHARGE }, now };

describe('Charge: creation and checkout', () => {
  it('creates a charge in estado creado', () => {
    given().when(create).then([{ ...created, data: { ...created.data, createdAt: at } }]);
    expect(fold([created])?.estado).toBe('creado');
  });

  it('refuses to create a charge twice', () => {
    given(created).when(create).thenThrows(ChargeAlreadyExists);
  });

  it('opens the checkout of a creado charge: pendiente', () => {
    given(created).when({ type: 'OpenCheckout', data: { providerSessionId: 'ses_1' }, now }).then([opened]);
    expect(fold([created, opened])?.estado).toBe('pendiente');
  });

  it('records nothing when the same session is opened again (a retry after a time-out)', () => {
    given(created, opened).when({ type: 'OpenCheckout', data: { providerSessionId: 'ses_1' }, now }).then([]);
  });

  it('refuses to open the checkout of an approved charge', () => {
    given(created, opened, approved).when({ type: 'OpenCheckout', data: { providerSessionId: 'ses_2' }, now }).thenThrows(IllegalTransition);
  });

  it('refuses any move on a charge that does not exist', () => {
    given().when(outcome('approved')).thenThrows(ChargeNotFound);
  });
});

describe('Charge: provider outcomes', () => {
  it('approves a pendiente charge', () => {
    given(created, opened)
      .when(outcome('approved'))
      .then([{ type: 'PaymentApproved', data: { method: 'pse', providerReference: 'ref-9', noticeId: 'n-9', approvedAt: at } }]);
  });

  it('fails a pendiente charge', () => {
    given(created, opened)
      .when(outcome('failed'))
      .then([{ type: 'PaymentFailed', data: { method: 'pse', providerReference: 'ref-9', noticeId: 'n-9', reason: 'declined', failedAt: at } }]);
  });

  it('changes nothing when the same notice arrives twice', () => {
    given(created, opened, approved).when(outcome('approved', 'n-1')).then([]);
  });

  it('changes nothing on a second approval of the same attempt', () => {
    given(created, opened, approved).when(outcome('approved', 'n-5', 'ref-1')).then([]);
  });

  it("refuses another attempt's approval after aprobado as a contradiction (a second payment to refund)", () => {
    given(created, opened, approved).when(outcome('approved', 'n-5', 'ref-2')).thenThrows(ContradictoryOutcome);
  });

  it('changes nothing on a second failure', () => {
    given(created, opened, failed).when(outcome('failed', 'n-6')).then([]);
  });

  it('refuses an approval after fallido as a contradiction (an anomaly for the operator)', () => {
    given(created, opened, failed).when(outcome('approved')).thenThrows(ContradictoryOutcome);
  });

  it('refuses a failure after aprobado as a contradiction', () => {
    given(created, opened, approved).when(outcome('failed')).thenThrows(ContradictoryOutcome);
  });

  it('refuses an outcome for a charge whose checkout never opened', () => {
    given(created).when(outcome('approved')).thenThrows(IllegalTransition);
  });

  it('changes nothing on an approval of a refunded charge by the attempt that was approved before', () => {
    given(created, opened, approved, refunded).when(outcome('approved', 'n-5', 'ref-1')).then([]);
  });

  it("refuses another attempt's approval of a refunded charge as a contradiction", () => {
    given(created, opened, approved, refunded).when(outcome('approved', 'n-5', 'ref-2')).thenThrows(ContradictoryOutcome);
  });
});

describe("Charge: the provider's decision time", () => {
  // The notice arrives at `now` (15:00:00Z); the charge was created at 14:59:00Z.
  const decidedBy = (o: 'approved' | 'failed', decidedAt: string): ChargeCommand => ({
    type: 'ApplyProviderOutcome',
    data: { outcome: o, method: 'pse', providerReference: 'ref-9', noticeId: 'n-9', ...(o === 'failed' ? { reason: 'declined' } : {}), decidedAt },
    now,
  });
  const approvedWith = (decidedAt: string | undefined): ChargeEvent => ({
    type: 'PaymentApproved',
    data: { method: 'pse', providerReference: 'ref-9', noticeId: 'n-9', approvedAt: at, ...(decidedAt ? { decidedAt } : {}) },
  });

  it('records when the provider decided beside when its notice arrived, for an approval and a failure', () => {
    given(created, opened).when(decidedBy('approved', '2026-11-20T14:59:59.000Z')).then([approvedWith('2026-11-20T14:59:59.000Z')]);
    given(created, opened)
      .when(decidedBy('failed', '2026-11-20T14:59:30.000Z'))
      .then([
        {
          type: 'PaymentFailed',
          data: { method: 'pse', providerReference: 'ref-9', noticeId: 'n-9', reason: 'declined', failedAt: at, decidedAt: '2026-11-20T14:59:30.000Z' },
        },
      ]);
  });

  it('folds the approval time from decidedAt when the event has it, and from approvedAt when it has not (events before version 3)', () => {
    const withIt = fold([created, opened, approvedWith('2026-11-20T14:59:59.000Z')]);
    expect(withIt?.approvedAt).toBe('2026-11-20T14:59:59.000Z');
    // The record itself changed when the notice arrived.
    expect(withIt?.updatedAt).toBe(at);
    const without = fold([created, opened, approved]);
    expect(without?.approvedAt).toBe(at);
    expect(without?.updatedAt).toBe(at);
  });

  it('believes a provider clock up to 5 minutes ahead of the arrival, and not a millisecond more', () => {
    given(created, opened).when(decidedBy('approved', '2026-11-20T15:05:00.000Z')).then([approvedWith('2026-11-20T15:05:00.000Z')]);
    given(created, opened).when(decidedBy('approved', '2026-11-20T15:05:00.001Z')).then([approvedWith(undefined)]);
    given(created, opened).when(decidedBy('approved', '2027-11-20T15:00:00.000Z')).then([approvedWith(undefined)]);
    given(created, opened)
      .when(decidedBy('failed', '2026-11-20T15:05:00.001Z'))
      .then([{ type: 'PaymentFailed', data: { method: 'pse', providerReference: 'ref-9', noticeId: 'n-9', reason: 'declined', failedAt: at } }]);
  });

  it('believes a decision at the instant the charge was created, and not one before it', () => {
    given(created, opened).when(decidedBy('approved', '2026-11-20T14:59:00.000Z')).then([approvedWith('2026-11-20T14:59:00.000Z')]);
    given(created, opened).when(decidedBy('approved', '2026-11-20T14:58:59.999Z')).then([approvedWith(undefined)]);
    given(created, opened).when(decidedBy('approved', '1970-01-01T00:00:00.000Z')).then([approvedWith(undefined)]);
  });
});

describe('Charge: cash voucher', () => {
  it('issues a voucher for a pendiente charge', () => {
    const { issuedAt: _issuedAt, ...data } = voucher.data as { issuedAt: string } & Record<string, unknown>;
    given(created, opened).when({ type: 'IssueCashVoucher', data: data as never, now }).then([voucher]);
  });

  it('refuses a second, different voucher', () => {
    given(created, opened, voucher)
      .when({ type: 'IssueCashVoucher', data: { voucherReference: 'V-2', agreementCode: '1', networks: [], expiresAt: at }, now })
      .thenThrows(IllegalTransition);
  });

  it('expires the voucher once its deadline passed; the charge stays pendiente', () => {
    const later = new Date('2026-11-22T15:00:01.000Z');
    given(created, opened, voucher)
      .when({ type: 'ExpireCashVoucher', now: later })
      .then([{ type: 'CashVoucherExpired', data: { voucherReference: 'V-1', expiredAt: later.toISOString() } }]);
    const state = fold([created, opened, voucher, { type: 'CashVoucherExpired', data: { voucherReference: 'V-1', expiredAt: at } }]);
    expect(state?.estado).toBe('pendiente');
    expect(state?.voucher?.expired).toBe(true);
  });

  it('does not expire a voucher before its deadline', () => {
    given(created, opened, voucher).when({ type: 'ExpireCashVoucher', now }).then([]);
  });

  it('does not expire the voucher of a paid charge', () => {
    given(created, opened, voucher, approved).when({ type: 'ExpireCashVoucher', now: new Date('2026-12-01T00:00:00Z') }).then([]);
  });
});

describe('Charge: reconciliation and refunds', () => {
  const reconcile: ChargeCommand = { type: 'ReconcileCharge', data: { reportId: 'r-1', valueDate: '2026-11-21' }, now };
  const refund: ChargeCommand = { type: 'RefundCharge', data: { providerRefundId: 'rf-1' }, now };

  it('reconciles an approved charge', () => {
    given(created, opened, approved).when(reconcile).then([reconciled]);
  });

  it('changes nothing when reconciled twice', () => {
    given(created, opened, approved, reconciled).when(reconcile).then([]);
  });

  it('refuses to reconcile a pendiente charge', () => {
    given(created, opened).when(reconcile).thenThrows(IllegalTransition);
  });

  it('refunds an approved charge in full', () => {
    given(created, opened, approved).when(refund).then([refunded]);
  });

  it('refunds a reconciled charge', () => {
    given(created, opened, approved, reconciled).when(refund).then([refunded]);
  });

  it('changes nothing on a second refund', () => {
    given(created, opened, approved, refunded).when(refund).then([]);
  });

  it('refuses to refund a failed charge', () => {
    given(created, opened, failed).when(refund).thenThrows(IllegalTransition);
  });

  it('refuses to refund a pendiente charge', () => {
    given(created, opened).when(refund).thenThrows(IllegalTransition);
  });
});

describe('Charge events written before 4 Oct 2026', () => {
  it('upcasts montoMinor to monto, value unchanged (whole pesos, never divided by 100)', () => {
    const { monto: _monto, ...old } = created.data;
    const event = upcastChargeEvent('ChargeCreated', { ...old, montoMinor: 150000 });
    expect(event.data).toEqual(created.data);
    expect(fold([event])?.monto).toBe(150000);
  });
});
