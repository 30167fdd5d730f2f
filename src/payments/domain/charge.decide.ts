// The charge state machine (DESIGN.md section 4): decide(command, state) -> events, or a domain error.
import type { Charge, ChargeState } from './charge.js';
import { ChargeAlreadyExists, ChargeNotFound, ContradictoryOutcome, IllegalTransition } from './charge.errors.js';
import type { ChargeCreated, ChargeEvent, Moneda, PaymentMethod } from './charge.events.js';
import { doubtAboutDecisionTime } from './decision-time.js';

export interface CreateCharge {
  type: 'CreateCharge';
  data: Omit<ChargeCreated['data'], 'createdAt'>;
  now: Date;
}

export interface OpenCheckout {
  type: 'OpenCheckout';
  data: { providerSessionId: string };
  now: Date;
}

export interface IssueCashVoucher {
  type: 'IssueCashVoucher';
  data: { voucherReference: string; agreementCode: string; networks: string[]; expiresAt: string };
  now: Date;
}

export interface ExpireCashVoucher {
  type: 'ExpireCashVoucher';
  now: Date;
}

export interface ApplyProviderOutcome {
  type: 'ApplyProviderOutcome';
  data: {
    outcome: 'approved' | 'failed';
    method: PaymentMethod;
    providerReference: string;
    /** The provider's id of the notice: the same notice twice changes nothing. */
    noticeId: string;
    reason?: string;
    /** When the provider says it decided; kept only if believable (decision-time.ts). */
    decidedAt?: string;
  };
  now: Date;
}

export interface ReconcileCharge {
  type: 'ReconcileCharge';
  data: { reportId: string; valueDate: string };
  now: Date;
}

export interface RefundCharge {
  type: 'RefundCharge';
  data: { providerRefundId: string };
  now: Date;
}

export type ChargeCommand =
  | CreateCharge
  | OpenCheckout
  | IssueCashVoucher
  | ExpireCashVoucher
  | ApplyProviderOutcome
  | ReconcileCharge
  | RefundCharge;

export function decide(command: ChargeCommand, state: ChargeState): ChargeEvent[] {
  if (command.type === 'CreateCharge') {
    if (state !== null) throw new ChargeAlreadyExists(state.id);
    return [{ type: 'ChargeCreated', data: { ...command.data, createdAt: command.now.toISOString() } }];
  }
  if (state === null) throw new ChargeNotFound();
  const at = command.now.toISOString();
  switch (command.type) {
    case 'OpenCheckout':
      if (state.estado === 'creado') {
        return [{ type: 'CheckoutOpened', data: { providerSessionId: command.data.providerSessionId, openedAt: at } }];
      }
      // A retry after a provider time-out may open the same session again: nothing to record.
      if (state.providerSessionId === command.data.providerSessionId) return [];
      throw new IllegalTransition('open the checkout of', state.estado);
    case 'IssueCashVoucher':
      if (state.estado !== 'pendiente') throw new IllegalTransition('issue a cash voucher for', state.estado);
      if (state.voucher) {
        if (state.voucher.reference === command.data.voucherReference) return [];
        throw new IllegalTransition('issue a second cash voucher for', state.estado);
      }
      return [{ type: 'CashVoucherIssued', data: { ...command.data, issuedAt: at } }];
    case 'ExpireCashVoucher':
      // Only an unpaid, unexpired voucher past its deadline expires; the charge stays pendiente (no webhook).
      if (state.estado !== 'pendiente' || !state.voucher || state.voucher.expired) return [];
      if (command.now.getTime() < Date.parse(state.voucher.expiresAt)) return [];
      return [{ type: 'CashVoucherExpired', data: { voucherReference: state.voucher.reference, expiredAt: at } }];
    case 'ApplyProviderOutcome':
      return applyOutcome(command, state, at);
    case 'ReconcileCharge':
      if (state.estado === 'conciliado') return [];
      if (state.estado !== 'aprobado') throw new IllegalTransition('reconcile', state.estado);
      return [{ type: 'ChargeReconciled', data: { ...command.data, reconciledAt: at } }];
    case 'RefundCharge':
      if (state.estado === 'reembolsado') return [];
      if (state.estado !== 'aprobado' && state.estado !== 'conciliado') throw new IllegalTransition('refund', state.estado);
      return [{ type: 'ChargeRefunded', data: { monto: state.monto, providerRefundId: command.data.providerRefundId, refundedAt: at } }];
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

function applyOutcome(command: ApplyProviderOutcome, state: Charge, at: string): ChargeEvent[] {
  const { outcome, method, providerReference, noticeId, decidedAt } = command.data;
  if (state.appliedNotices.includes(noticeId)) return [];
  const decided = decidedAt !== undefined && doubtAboutDecisionTime(decidedAt, state.creadoEn, command.now) === null ? { decidedAt } : {};
  const wasApproved = state.approvedAt !== null;
  if (outcome === 'approved') {
    // The same attempt approved again (a new notice id): nothing new. Another attempt approved after an approval is
    // a second payment for one charge (two tabs, two methods): the operator must refund one, so it is kept.
    if (wasApproved) {
      if (state.providerReference === providerReference) return [];
      throw new ContradictoryOutcome(outcome, state.estado);
    }
    if (state.estado === 'pendiente') {
      return [{ type: 'PaymentApproved', data: { method, providerReference, noticeId, approvedAt: at, ...decided } }];
    }
    if (state.estado === 'creado') throw new IllegalTransition('approve', state.estado);
    throw new ContradictoryOutcome(outcome, state.estado);
  }
  if (state.estado === 'fallido') return [];
  if (state.estado === 'pendiente') {
    const reason = command.data.reason ?? 'declined';
    return [{ type: 'PaymentFailed', data: { method, providerReference, noticeId, reason, failedAt: at, ...decided } }];
  }
  if (state.estado === 'creado') throw new IllegalTransition('fail', state.estado);
  throw new ContradictoryOutcome(outcome, state.estado);
}

export type { Moneda };
