// Sweeps, on a timer in the worker role, for what a provider silence or a crash left unfinished: charges left creado
// (FinishStaleCharges) and refunds the provider was asked for but never recorded (FinishUnrecordedRefunds).
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { databaseUnreachable } from '../../../kernel/database-outage.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { FinishStaleCharges } from '../../application/finish-stale-charges/finish-stale-charges.js';
import { FinishUnrecordedRefunds } from '../../application/finish-unrecorded-refunds/finish-unrecorded-refunds.js';
import { EventStoreUnavailable } from '../../application/ports/event-store.port.js';

@Injectable()
export class StaleChargesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StaleChargesWorker.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly finisher: FinishStaleCharges,
    private readonly refunds: FinishUnrecordedRefunds,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  onApplicationBootstrap(): void {
    // Sweep a few times per threshold, at most every 30 s.
    const every = Math.min(30_000, Math.max(100, Math.floor(this.config.staleChargeAfterMs / 4)));
    this.timer = setInterval(() => this.sweep(), every);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async finishBoth(): Promise<void> {
    const finished = await this.finisher.run(this.config.staleChargeAfterMs);
    if (finished > 0) this.logger.log(`opened the checkout of ${finished} charge(s) left creado`);
    const refunded = await this.refunds.run(this.config.staleChargeAfterMs);
    if (refunded > 0) this.logger.log(`recorded the refund of ${refunded} charge(s) the provider was asked for and that were left unrecorded`);
  }

  private sweep(): void {
    if (this.running) return;
    this.running = this.finishBoth()
      .catch((error: unknown) => {
        // An outage of the store or the database is said once, where it is met, not at every sweep.
        if (!(error instanceof EventStoreUnavailable) && databaseUnreachable(error) === undefined) {
          this.logger.error(`sweep failed: ${String(error)}`);
        }
      })
      .finally(() => {
        this.running = null;
      });
  }
}
