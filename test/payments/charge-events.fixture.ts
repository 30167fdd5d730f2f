// Charge events as the command side writes them, for projection tests.
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../src/kernel/actor.js';
import type { NewEvent } from '../../src/payments/application/ports/event-store.port.js';
import { CHARGE_SCHEMA_VERSION, type ChargeEvent } from '../../src/payments/domain/charge.events.js';

export const metadata = (schemaVersion = CHARGE_SCHEMA_VERSION): EventMetadata => ({
  correlationId: randomUUID(),
  causationId: null,
  actor: { type: 'system', id: 'projection-test' },
  occurredAt: '2026-11-20T10:00:00.000Z',
  schemaVersion,
});

export const toNew = (event: ChargeEvent): NewEvent => ({
  id: randomUUID(),
  type: event.type,
  data: event.data,
  metadata: metadata(),
});

export function chargeCreated(chargeId: string, merchantId: string, monto = 150_000, at = '2026-11-20T10:00:00.000Z'): NewEvent {
  return toNew({
    type: 'ChargeCreated',
    data: {
      chargeId,
      merchantId,
      monto,
      moneda: 'COP',
      referencia: `pedido-${chargeId.slice(0, 8)}`,
      descripcion: 'Dos camisetas',
      urlRetorno: 'https://tienda.com/gracias',
      checkoutToken: randomUUID().replaceAll('-', ''),
      createdAt: at,
    },
  });
}

/** A ChargeCreated written before 4 Oct 2026: the amount as `montoMinor`, schema version 1. */
export function legacyChargeCreated(chargeId: string, merchantId: string, montoMinor: number): NewEvent {
  const current = chargeCreated(chargeId, merchantId, montoMinor, '2026-09-01T15:00:00.000Z');
  const { monto, ...rest } = current.data;
  return { ...current, data: { ...rest, montoMinor: monto }, metadata: metadata(1) };
}

export const checkoutOpened = (at: string): NewEvent =>
  toNew({ type: 'CheckoutOpened', data: { providerSessionId: `ses_${randomUUID()}`, openedAt: at } });

export const paymentApproved = (at: string): NewEvent =>
  toNew({
    type: 'PaymentApproved',
    data: { method: 'tarjeta', providerReference: `ref_${randomUUID()}`, noticeId: randomUUID(), approvedAt: at },
  });

export const paymentFailed = (at: string): NewEvent =>
  toNew({
    type: 'PaymentFailed',
    data: { method: 'pse', providerReference: `ref_${randomUUID()}`, noticeId: randomUUID(), reason: 'declined', failedAt: at },
  });

export const voucherIssued = (at: string): NewEvent =>
  toNew({
    type: 'CashVoucherIssued',
    data: {
      voucherReference: `vch_${randomUUID()}`,
      agreementCode: '110234',
      networks: ['efecty', 'baloto'],
      expiresAt: '2026-11-23T10:00:00.000Z',
      issuedAt: at,
    },
  });

export const voucherExpired = (at: string): NewEvent =>
  toNew({ type: 'CashVoucherExpired', data: { voucherReference: 'vch', expiredAt: at } });

export const chargeReconciled = (at: string): NewEvent =>
  toNew({ type: 'ChargeReconciled', data: { reportId: 'rep-1', valueDate: '2026-11-21', reconciledAt: at } });

export const chargeRefunded = (monto: number, at: string): NewEvent =>
  toNew({ type: 'ChargeRefunded', data: { monto, providerRefundId: `rf_${randomUUID()}`, refundedAt: at } });

/** The events of one charge's life, varied by `n` over every state of DESIGN.md section 4. */
export function chargeLife(chargeId: string, merchantId: string, n: number): NewEvent[] {
  const minute = (m: number): string => new Date(Date.UTC(2026, 10, 20, 10, m)).toISOString();
  const monto = 10_000 + n * 1000;
  const created = n % 7 === 0 ? legacyChargeCreated(chargeId, merchantId, monto) : chargeCreated(chargeId, merchantId, monto, minute(0));
  const life = [created];
  if (n % 6 === 5) return life; // left creado
  life.push(checkoutOpened(minute(1)));
  switch (n % 6) {
    case 0:
      return [...life, paymentApproved(minute(2))];
    case 1:
      return [...life, paymentFailed(minute(2))];
    case 2:
      return [...life, paymentApproved(minute(2)), chargeReconciled(minute(3))];
    case 3:
      return [...life, paymentApproved(minute(2)), chargeRefunded(monto, minute(4))];
    default:
      return [...life, voucherIssued(minute(2)), voucherExpired(minute(5))];
  }
}
