// A refund the provider was asked for and that was never recorded (its answer lost to a silence, or the gateway cut
// between the provider's refund and its ChargeRefunded) is finished here: the refund is asked again, which the
// provider answers with the refund it made (one per session), and recorded with the actor and correlation of the
// request that started it. As FinishStaleCharges does for a charge left creado.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { EventStoreUnavailable } from '../ports/event-store.port.js';
import { REFUND_REQUESTS, type RefundRequests } from '../ports/refund-requests.port.js';
import { RefundChargeCommand } from '../refund-charge/refund-charge.command.js';
import { RefundProviderUnavailable } from '../refund-charge/refund-charge.handler.js';

const BATCH = 100;

@Injectable()
export class FinishUnrecordedRefunds {
  private readonly logger = new Logger(FinishUnrecordedRefunds.name);

  constructor(
    @Inject(REFUND_REQUESTS) private readonly requests: RefundRequests,
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Finishes the refunds asked for more than `afterMs` ago and not recorded; returns how many it recorded. */
  async run(afterMs: number): Promise<number> {
    const unfinished = await this.requests.unfinished(new Date(this.clock.now().getTime() - afterMs), BATCH);
    let recorded = 0;
    for (const { chargeId, actor, correlationId } of unfinished) {
      try {
        const refund = await this.commands.execute(new RefundChargeCommand(chargeId, actor, correlationId, true));
        if (refund.refundedNow) recorded++;
      } catch (error) {
        // The store is out for every charge alike: the sweep ends, and says so once (not a line per charge).
        if (error instanceof EventStoreUnavailable) throw error;
        // Still no answer: the note stays and the next sweep asks again. A refusal struck the note out itself.
        if (!(error instanceof RefundProviderUnavailable)) this.logger.error(`charge ${chargeId}: refund: ${String(error)}`);
      }
    }
    return recorded;
  }
}
