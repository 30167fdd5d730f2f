// Provider notices that could not be applied to their charge: kept for the operator, never dropped (DESIGN.md 4).
import type { Estado } from '../../domain/charge.js';

export const PAYMENT_ANOMALIES = Symbol('PaymentAnomalies');

export type AnomalyKind =
  /** The provider reported an outcome that contradicts the charge's final state (e.g. approval after fallido). */
  | 'contradictory_outcome'
  /** No charge has the notice's id. */
  | 'unknown_charge'
  /** The notice names a provider session that is not the charge's. */
  | 'session_mismatch';

export interface PaymentAnomaly {
  id: string;
  noticeId: string;
  chargeId: string | null;
  kind: AnomalyKind;
  outcome: 'approved' | 'failed';
  method: string | null;
  /** The charge's state when the notice arrived. */
  chargeEstado: Estado | null;
  detail: string;
  /** The notice as the provider sent it. */
  notice: Record<string, unknown>;
  receivedAt: string;
}

export interface PaymentAnomalies {
  /** Records an anomaly once per notice: a replayed notice does not add a second row. */
  record(anomaly: PaymentAnomaly): Promise<void>;
  /** Newest first. */
  list(filter: { chargeId?: string }, limit: number): Promise<PaymentAnomaly[]>;
}
