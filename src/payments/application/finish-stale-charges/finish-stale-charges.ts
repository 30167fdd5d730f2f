// A charge left `creado` by a provider time-out and never retried by its merchant is finished here: the provider is
// asked again with the charge id as its idempotency key, so no second session is opened (DESIGN.md 3b, 5.4).
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SYSTEM } from '../../../kernel/actor.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { GatewayUnavailable } from '../errors.js';
import { OpenCheckout } from '../open-checkout.js';
import { startedBy } from '../charge-stream.js';
import { CHARGE_VIEWS, type ChargeViews } from '../ports/charge-views.port.js';
import { EventStoreUnavailable } from '../ports/event-store.port.js';

const BATCH = 100;

@Injectable()
export class FinishStaleCharges {
  private readonly logger = new Logger(FinishStaleCharges.name);

  constructor(
    @Inject(CHARGE_VIEWS) private readonly views: ChargeViews,
    private readonly openCheckout: OpenCheckout,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Finishes the charges created more than `afterMs` ago and still creado; returns how many it finished. */
  async run(afterMs: number): Promise<number> {
    const ids = await this.views.staleCreado(new Date(this.clock.now().getTime() - afterMs), BATCH);
    let finished = 0;
    for (const id of ids) {
      try {
        await this.openCheckout.ensure(id, startedBy(randomUUID(), SYSTEM));
        finished++;
      } catch (error) {
        // The store is out for every charge alike: the sweep ends, and says so once (not a line per charge).
        if (error instanceof EventStoreUnavailable) throw error;
        // Still no answer: it stays creado and the next sweep asks again.
        if (!(error instanceof GatewayUnavailable)) this.logger.error(`charge ${id}: ${String(error)}`);
      }
    }
    return finished;
  }
}
