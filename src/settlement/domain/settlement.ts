// The settlement of one charge (DESIGN.md 5.12, 5.12b): its lines, its payout date and its state. Pure: "today"
// comes in as a Bogota date.
import { bogotaDate } from '../../kernel/bogota.js';
import type { Estado } from '../../payments/domain/charge.js';
import { nextBusinessDay } from './colombian-calendar.js';
import { NoSettlement } from './settlement.errors.js';
import { settlementLines, type SettledMethod, type SettlementLines, type TaxProfile } from './settlement-lines.js';

/** programada: the payout is ahead; liquidada: its day is over; revertida: the charge was refunded. */
export type SettlementState = 'programada' | 'liquidada' | 'revertida';

/** What settlement needs to know of a charge. */
export interface ChargeFacts {
  chargeId: string;
  merchantId: string;
  estado: Estado;
  monto: number;
  method: SettledMethod | null;
  approvedAt: string | null;
  /** Bogota date of the approval, computed by the caller with the approval instant. */
  approvalDate: string | null;
  /** When the gateway recorded the approval (its notice's arrival, on the gateway's clock); null if never approved. */
  approvalRecordedAt: string | null;
  refundedAt: string | null;
}

export interface Settlement {
  lines: SettlementLines;
  profile: TaxProfile;
  /** The next Colombian business day after the approval's Bogota date, or after the day it was recorded (payoutDate). */
  payoutDate: string;
  /** Which day the payout date follows: the approval's, or the day the gateway recorded an approval it learned of late. */
  payoutAfter: 'approval' | 'recording';
  state: SettlementState;
}

const SETTLED: ReadonlySet<Estado> = new Set(['aprobado', 'conciliado', 'reembolsado']);

/**
 * The next business day after the approval's Bogota date. An approval the gateway recorded only after that day was
 * over (its notice retried for days) cannot have been paid then: it is paid on the next business day after the day it
 * was recorded (`recordedDate`, Bogota), never on a day already gone when the gateway learned of the payment.
 */
export function payoutDate(approvalDate: string, recordedDate?: string): string {
  const date = nextBusinessDay(approvalDate);
  return recordedDate !== undefined && recordedDate > date ? nextBusinessDay(recordedDate) : date;
}

/** A charge that was approved: it has a method and an approval time. */
export type SettledCharge = ChargeFacts & { method: SettledMethod; approvedAt: string; approvalDate: string };

/** The checks before anything is looked up: only approved (later reconciled or refunded) charges have a settlement. */
export function assertSettled(charge: ChargeFacts): asserts charge is SettledCharge {
  if (!SETTLED.has(charge.estado) || !charge.method || !charge.approvedAt || !charge.approvalDate) {
    throw new NoSettlement(charge.estado);
  }
}

export function settle(charge: ChargeFacts, profile: TaxProfile, today: string): Settlement {
  assertSettled(charge);
  const date = payoutDate(charge.approvalDate, charge.approvalRecordedAt ? bogotaDate(new Date(charge.approvalRecordedAt)) : undefined);
  const payoutAfter = date === nextBusinessDay(charge.approvalDate) ? 'approval' : 'recording';
  // A refund after the payout is taken from the merchant's next payout; before it, the payout is cancelled. Either
  // way what this charge brought is reversed.
  const state: SettlementState = charge.estado === 'reembolsado' ? 'revertida' : today > date ? 'liquidada' : 'programada';
  return { lines: settlementLines(charge.monto, charge.method, profile), profile, payoutDate: date, payoutAfter, state };
}

/**
 * What a refund did to the payout (docs/settlement.md): before the payout day it cancels the payout; after that day
 * the amount comes off the merchant's next payout. On the payout day itself it is one or the other by the hour of the
 * transfer, which we do not know (the same reason the day itself is still `programada`).
 */
export type Reversal = 'payout_cancelled' | 'next_payout' | 'either_on_payout_day';

/** Dates are Bogota calendar days: the refund's and the settlement's payout date. */
export function reversalOf(refundDate: string, payoutDate: string): Reversal {
  if (refundDate < payoutDate) return 'payout_cancelled';
  return refundDate > payoutDate ? 'next_payout' : 'either_on_payout_day';
}
