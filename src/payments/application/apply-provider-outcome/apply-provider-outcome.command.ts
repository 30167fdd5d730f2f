import { Command } from '@nestjs/cqrs';
import type { PaymentMethod } from '../../domain/charge.events.js';

/** A provider's verified notice of a payment's outcome, in our words (the provider adapter translates it). */
export interface ProviderNotice {
  /** The provider's id of the notice: the same notice twice changes nothing. */
  noticeId: string;
  /** Who sent it, recorded as the events' actor (never shown to merchants). */
  provider: string;
  chargeId: string;
  sessionId: string;
  outcome: 'approved' | 'failed';
  method: PaymentMethod;
  providerReference: string;
  reason: string | null;
  /** When the provider says it decided (ISO 8601, UTC); null when its notice does not say. */
  decidedAt: string | null;
  /** The notice as received, kept with an anomaly. */
  raw: Record<string, unknown>;
}

/** applied: the charge moved; repeated: nothing new (a replay, or the same outcome again); anomaly: kept aside. */
export type NoticeResult = 'applied' | 'repeated' | 'anomaly';

export class ApplyProviderOutcomeCommand extends Command<NoticeResult> {
  constructor(
    readonly notice: ProviderNotice,
    readonly correlationId: string,
  ) {
    super();
  }
}
