// A charge's state, folded from its events. Pure: no I/O, no clock.
import { outcomeTime, type ChargeEvent, type Moneda, type PaymentMethod } from './charge.events.js';

export type Estado = 'creado' | 'pendiente' | 'aprobado' | 'fallido' | 'conciliado' | 'reembolsado';

export const ESTADOS: readonly Estado[] = ['creado', 'pendiente', 'aprobado', 'fallido', 'conciliado', 'reembolsado'];

export interface CashVoucher {
  reference: string;
  agreementCode: string;
  networks: string[];
  expiresAt: string;
  expired: boolean;
}

export interface Charge {
  id: string;
  merchantId: string;
  monto: number;
  moneda: Moneda;
  referencia: string;
  descripcion: string | null;
  urlRetorno: string | null;
  checkoutToken: string;
  estado: Estado;
  creadoEn: string;
  providerSessionId: string | null;
  method: PaymentMethod | null;
  providerReference: string | null;
  voucher: CashVoucher | null;
  /** Notices already applied, so that the same notice twice changes nothing. */
  appliedNotices: string[];
  /** When the payment was approved (outcomeTime): what settlement dates it by. */
  approvedAt: string | null;
  /** The provider's reason for a failed payment, as its notice said it (e.g. `fondos_insuficientes`); else null. */
  failureReason: string | null;
  updatedAt: string;
}

export type ChargeState = Charge | null;

export function evolve(state: ChargeState, event: ChargeEvent): ChargeState {
  if (event.type === 'ChargeCreated') {
    const d = event.data;
    return {
      id: d.chargeId,
      merchantId: d.merchantId,
      monto: d.monto,
      moneda: d.moneda,
      referencia: d.referencia,
      descripcion: d.descripcion,
      urlRetorno: d.urlRetorno,
      checkoutToken: d.checkoutToken,
      estado: 'creado',
      creadoEn: d.createdAt,
      providerSessionId: null,
      method: null,
      providerReference: null,
      voucher: null,
      appliedNotices: [],
      approvedAt: null,
      failureReason: null,
      updatedAt: d.createdAt,
    };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'CheckoutOpened':
      return { ...state, estado: 'pendiente', providerSessionId: event.data.providerSessionId, updatedAt: event.data.openedAt };
    case 'CashVoucherIssued':
      return {
        ...state,
        method: 'efectivo',
        voucher: {
          reference: event.data.voucherReference,
          agreementCode: event.data.agreementCode,
          networks: event.data.networks,
          expiresAt: event.data.expiresAt,
          expired: false,
        },
        updatedAt: event.data.issuedAt,
      };
    case 'CashVoucherExpired':
      return state.voucher ? { ...state, voucher: { ...state.voucher, expired: true }, updatedAt: event.data.expiredAt } : state;
    case 'PaymentApproved':
      return {
        ...state,
        estado: 'aprobado',
        method: event.data.method,
        providerReference: event.data.providerReference,
        appliedNotices: [...state.appliedNotices, event.data.noticeId],
        approvedAt: outcomeTime(event),
        // The last change of our record: when the notice arrived.
        updatedAt: event.data.approvedAt,
      };
    case 'PaymentFailed':
      return {
        ...state,
        estado: 'fallido',
        method: event.data.method,
        providerReference: event.data.providerReference,
        appliedNotices: [...state.appliedNotices, event.data.noticeId],
        failureReason: event.data.reason,
        updatedAt: event.data.failedAt,
      };
    case 'ChargeReconciled':
      return { ...state, estado: 'conciliado', updatedAt: event.data.reconciledAt };
    case 'ChargeRefunded':
      return { ...state, estado: 'reembolsado', updatedAt: event.data.refundedAt };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export function fold(events: readonly ChargeEvent[]): ChargeState {
  return events.reduce<ChargeState>(evolve, null);
}

export const isFinal = (estado: Estado): boolean => estado !== 'creado' && estado !== 'pendiente';
