// The events of a charge's stream (`charge-<uuid>`), and the upcaster for events written before 4 Oct 2026.

export type Moneda = 'COP' | 'USD';
export type PaymentMethod = 'pse' | 'tarjeta' | 'efectivo';

export interface ChargeCreated {
  type: 'ChargeCreated';
  data: {
    chargeId: string;
    merchantId: string;
    monto: number;
    moneda: Moneda;
    referencia: string;
    descripcion: string | null;
    /** The return page given with the charge; null means the one registered in Settings at payment time. */
    urlRetorno: string | null;
    /** The unguessable part of checkoutUrl (DESIGN.md 6b). */
    checkoutToken: string;
    createdAt: string;
  };
}

export interface CheckoutOpened {
  type: 'CheckoutOpened';
  /** The provider's own session reference: internal, never in a merchant response. */
  data: { providerSessionId: string; openedAt: string };
}

export interface CashVoucherIssued {
  type: 'CashVoucherIssued';
  data: { voucherReference: string; agreementCode: string; networks: string[]; expiresAt: string; issuedAt: string };
}

export interface CashVoucherExpired {
  type: 'CashVoucherExpired';
  data: { voucherReference: string; expiredAt: string };
}

export interface PaymentApproved {
  type: 'PaymentApproved';
  data: {
    method: PaymentMethod;
    providerReference: string;
    noticeId: string;
    /** When the gateway recorded the approval: its notice's arrival. */
    approvedAt: string;
    /** When the provider decided, as its notice says; absent when it did not say (events before version 3) or was not believed. */
    decidedAt?: string;
  };
}

export interface PaymentFailed {
  type: 'PaymentFailed';
  data: {
    method: PaymentMethod;
    providerReference: string;
    noticeId: string;
    reason: string;
    /** When the gateway recorded the failure: its notice's arrival. */
    failedAt: string;
    /** As in PaymentApproved. */
    decidedAt?: string;
  };
}

export interface ChargeReconciled {
  type: 'ChargeReconciled';
  data: { reportId: string; valueDate: string; reconciledAt: string };
}

export interface ChargeRefunded {
  type: 'ChargeRefunded';
  data: { monto: number; providerRefundId: string; refundedAt: string };
}

export type ChargeEvent =
  | ChargeCreated
  | CheckoutOpened
  | CashVoucherIssued
  | CashVoucherExpired
  | PaymentApproved
  | PaymentFailed
  | ChargeReconciled
  | ChargeRefunded;

export type ChargeEventType = ChargeEvent['type'];

export const CHARGE_EVENT_TYPES: readonly ChargeEventType[] = [
  'ChargeCreated',
  'CheckoutOpened',
  'CashVoucherIssued',
  'CashVoucherExpired',
  'PaymentApproved',
  'PaymentFailed',
  'ChargeReconciled',
  'ChargeRefunded',
];

/**
 * Current schema version of every charge event. Version 1 wrote the amount as `montoMinor`; version 3 added the
 * provider's `decidedAt` to PaymentApproved and PaymentFailed (optional: an event of version 2 or older never has it).
 */
export const CHARGE_SCHEMA_VERSION = 3;

export const chargeStream = (chargeId: string): string => `charge-${chargeId}`;

export function isChargeEventType(type: string): type is ChargeEventType {
  return (CHARGE_EVENT_TYPES as readonly string[]).includes(type);
}

/** When a payment was approved or failed: the provider's decision time when the event has it, else the notice's arrival. */
export const outcomeTime = (event: PaymentApproved | PaymentFailed): string =>
  event.data.decidedAt ?? (event.type === 'PaymentApproved' ? event.data.approvedAt : event.data.failedAt);

/**
 * Upcasts a stored event to the current shape. Amounts recorded as `montoMinor` (before 4 Oct 2026) become
 * `monto` with the value copied as it is: they were always whole pesos, never cents. Stored events are not rewritten.
 */
export function upcastChargeEvent(type: ChargeEventType, data: Record<string, unknown>): ChargeEvent {
  if ('montoMinor' in data && !('monto' in data)) {
    const { montoMinor, ...rest } = data;
    return { type, data: { ...rest, monto: montoMinor } } as ChargeEvent;
  }
  return { type, data } as ChargeEvent;
}
