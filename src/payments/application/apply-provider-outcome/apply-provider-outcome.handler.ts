// A provider's notice as a sentence: load the charge, decide the outcome, append it; a notice that cannot apply
// (it contradicts a final state, names no charge or another session) is kept as an anomaly, never dropped.
import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Charge } from '../../domain/charge.js';
import { decide } from '../../domain/charge.decide.js';
import { ContradictoryOutcome } from '../../domain/charge.errors.js';
import { doubtAboutDecisionTime } from '../../domain/decision-time.js';
import { ChargeStream, type Cause } from '../charge-stream.js';
import { OpenCheckout } from '../open-checkout.js';
import { WrongExpectedRevision } from '../ports/event-store.port.js';
import { PAYMENT_ANOMALIES, type AnomalyKind, type PaymentAnomalies } from '../ports/payment-anomalies.port.js';
import { ApplyProviderOutcomeCommand, type NoticeResult, type ProviderNotice } from './apply-provider-outcome.command.js';

const MAX_ATTEMPTS = 3;

@CommandHandler(ApplyProviderOutcomeCommand)
export class ApplyProviderOutcomeHandler implements ICommandHandler<ApplyProviderOutcomeCommand, NoticeResult> {
  private readonly logger = new Logger('ProviderNotices');

  constructor(
    private readonly charges: ChargeStream,
    private readonly openCheckout: OpenCheckout,
    @Inject(PAYMENT_ANOMALIES) private readonly anomalies: PaymentAnomalies,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ notice, correlationId }: ApplyProviderOutcomeCommand): Promise<NoticeResult> {
    const cause: Cause = { correlationId, causationId: notice.noticeId, actor: { type: 'provider', id: notice.provider } };
    for (let attempt = 1; ; attempt++) {
      let { state, revision } = await this.charges.load(notice.chargeId);
      if (!state) return this.keep(notice, null, 'unknown_charge', 'No charge has this id');
      if (state.estado === 'creado') {
        // The provider opened the session but our CheckoutOpened was cut short (a time-out): complete it first.
        await this.openCheckout.ensure(state.id, cause);
        ({ state, revision } = await this.charges.load(notice.chargeId));
        if (!state) return this.keep(notice, null, 'unknown_charge', 'No charge has this id');
      }
      if (state.providerSessionId !== notice.sessionId) {
        return this.keep(notice, state, 'session_mismatch', `The charge's provider session is ${state.providerSessionId ?? 'none'}`);
      }
      const now = this.clock.now();
      let events;
      try {
        events = decide(
          {
            type: 'ApplyProviderOutcome',
            data: {
              outcome: notice.outcome,
              method: notice.method,
              providerReference: notice.providerReference,
              noticeId: notice.noticeId,
              ...(notice.reason ? { reason: notice.reason } : {}),
              ...(notice.decidedAt ? { decidedAt: notice.decidedAt } : {}),
            },
            now,
          },
          state,
        );
      } catch (error) {
        if (error instanceof ContradictoryOutcome) return this.keep(notice, state, 'contradictory_outcome', error.message);
        throw error;
      }
      if (events.length === 0) return 'repeated';
      try {
        await this.charges.append(state.id, events, revision, cause, now);
        this.sayIfNotBelieved(notice, state, now);
        return 'applied';
      } catch (error) {
        // Another notice (or a voucher's expiry) moved the charge meanwhile: decide again on what it recorded.
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** A decision time the fold will not use (decision-time.ts): one line, so that the operator can ask the provider. */
  private sayIfNotBelieved(notice: ProviderNotice, charge: Charge, arrivedAt: Date): void {
    const doubt = notice.decidedAt ? doubtAboutDecisionTime(notice.decidedAt, charge.creadoEn, arrivedAt) : null;
    if (!doubt) return;
    this.logger.warn(
      `notice ${notice.noticeId} for charge ${charge.id}: decision time ${notice.decidedAt} not believed (${doubt}; ` +
        `charge created ${charge.creadoEn}, notice arrived ${arrivedAt.toISOString()}): dated by its arrival`,
    );
  }

  private async keep(notice: ProviderNotice, charge: Charge | null, kind: AnomalyKind, detail: string): Promise<NoticeResult> {
    this.logger.warn(`anomaly ${kind}: notice ${notice.noticeId} (${notice.outcome}) for charge ${notice.chargeId}: ${detail}`);
    await this.anomalies.record({
      id: randomUUID(),
      noticeId: notice.noticeId,
      chargeId: charge?.id ?? null,
      kind,
      outcome: notice.outcome,
      method: notice.method,
      chargeEstado: charge?.estado ?? null,
      detail,
      notice: notice.raw,
      receivedAt: this.clock.now().toISOString(),
    });
    return 'anomaly';
  }
}
