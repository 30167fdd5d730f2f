// A refund as a sentence: load the charge, let the state machine allow it, note the request, have the provider return
// the money (full amount, idempotent per session), append ChargeRefunded with the expected revision, strike the note.
// A note left by a provider silence or a crash is finished by the worker (FinishUnrecordedRefunds), so a refund the
// provider made is recorded even if nobody asks again. No webhook: the spec has no event for a refund, and the outbox
// only turns approvals and failures into deliveries.
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { DomainError, NotFound } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/uuid.js';
import type { Charge } from '../../domain/charge.js';
import { decide } from '../../domain/charge.decide.js';
import { chargeStream, type ChargeRefunded } from '../../domain/charge.events.js';
import { ChargeStream, toChargeEvents, type Cause } from '../charge-stream.js';
import { EVENT_STORE, WrongExpectedRevision, type EventStore } from '../ports/event-store.port.js';
import { PAYMENT_PROVIDER, ProviderRefused, ProviderUnavailable, providerSilence, type PaymentProvider } from '../ports/provider.port.js';
import { REFUND_REQUESTS, type RefundRequest, type RefundRequests } from '../ports/refund-requests.port.js';
import { RefundChargeCommand, type RefundResult } from './refund-charge.command.js';

const MAX_ATTEMPTS = 3;

/** The provider did not answer: the refund's outcome is unknown; asking again cannot refund twice. */
export class RefundProviderUnavailable extends DomainError {
  constructor() {
    super('unavailable', 'gateway_unavailable', 'The provider did not answer; retry the refund, it will not be made twice', 2);
  }
}

/** The provider would not refund a payment our state machine allows (it disagrees about the payment). */
export class RefundRefusedByProvider extends DomainError {
  constructor(reason: string) {
    super('conflict', 'refund_refused_by_provider', `The provider refused the refund (${reason})`);
  }
}

@CommandHandler(RefundChargeCommand)
export class RefundChargeHandler implements ICommandHandler<RefundChargeCommand, RefundResult> {
  private readonly logger = new Logger(RefundChargeHandler.name);

  constructor(
    private readonly charges: ChargeStream,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(REFUND_REQUESTS) private readonly requests: RefundRequests,
  ) {}

  async execute({ chargeId, actor, correlationId, bySweep }: RefundChargeCommand): Promise<RefundResult> {
    if (!isUuid(chargeId)) throw new NotFound('Charge');
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.charges.load(chargeId);
      if (!state) throw new NotFound('Charge');
      if (state.estado === 'reembolsado') {
        await this.struckOut(chargeId);
        return this.earlierRefund(state);
      }
      // Asked with a placeholder first, so the provider is only called for a move the state machine allows: from
      // aprobado or conciliado; anything else is an IllegalTransition (409 invalid_state) and nothing is sent.
      decide({ type: 'RefundCharge', data: { providerRefundId: '' }, now: this.clock.now() }, state);
      const refundId = await this.refundAtProvider(state, { chargeId, actor, correlationId }, bySweep);
      const now = this.clock.now();
      const events = decide({ type: 'RefundCharge', data: { providerRefundId: refundId }, now }, state);
      const cause: Cause = { correlationId, causationId: refundId, actor };
      try {
        await this.charges.append(chargeId, events, revision, cause, now);
        await this.struckOut(chargeId);
        return { chargeId, monto: state.monto, refundedAt: now.toISOString(), providerRefundId: refundId, refundedNow: true };
      } catch (error) {
        // Another change got there first (a reconciliation, or the same refund twice at once): decide again on it.
        // The provider answers the same refund for the same session, so asking again refunds nothing twice.
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  /** Notes the request, then asks the provider: a silence or a crash from here on leaves the note for the worker. */
  private async refundAtProvider(charge: Charge, request: RefundRequest, bySweep: boolean): Promise<string> {
    if (!charge.providerSessionId) throw new RefundRefusedByProvider('no payment session');
    await this.requests.record(request, this.clock.now());
    try {
      const refund = await this.provider.refund({ sessionId: charge.providerSessionId, chargeId: charge.id, monto: charge.monto });
      return refund.refundId;
    } catch (error) {
      if (error instanceof ProviderUnavailable) {
        // One line, as the create path's 503 has: why the operator was told to retry (the charge id and the cause,
        // no session id, no amount, nothing of the buyer's).
        const answered = bySweep ? 'left for the next sweep' : 'answered 503; a retry or the worker records it, once';
        this.logger.warn(providerSilence(`charge ${charge.id}: refund`, error, answered));
        throw new RefundProviderUnavailable();
      }
      if (error instanceof ProviderRefused) {
        // Nothing was refunded and nothing will be: the note has nothing left to finish. (A provider with a refusal that
        // passes, "a refund already under way", has its adapter turn that one into ProviderUnavailable, so the note stays.)
        await this.requests.finished(charge.id);
        throw new RefundRefusedByProvider(error.reason);
      }
      throw error;
    }
  }

  /**
   * The refund is recorded: its note goes. Should that fail (the database went away just after the append), the answer
   * stays the refund's, and the worker's next sweep finds the charge reembolsado and strikes the note then.
   */
  private async struckOut(chargeId: string): Promise<void> {
    await this.requests.finished(chargeId).catch((error: unknown) => {
      this.logger.warn(`charge ${chargeId}: the refund is recorded; its note stays until the next sweep (${String(error)})`);
    });
  }

  /** A second refund changes nothing and answers the first, read from the stream. */
  private async earlierRefund(charge: Charge): Promise<RefundResult> {
    const events = toChargeEvents(await this.store.readStream(chargeStream(charge.id)));
    const refunded = events.find((event): event is ChargeRefunded => event.type === 'ChargeRefunded');
    return {
      chargeId: charge.id,
      monto: refunded?.data.monto ?? charge.monto,
      refundedAt: refunded?.data.refundedAt ?? charge.updatedAt,
      providerRefundId: refunded?.data.providerRefundId ?? '',
      refundedNow: false,
    };
  }
}
