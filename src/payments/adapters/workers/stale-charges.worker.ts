// Sweeps for charges left creado (FinishStaleCharges) on a timer, in the worker role.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { databaseUnreachable } from '../../../kernel/database-outage.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { FinishStaleCharges } from '../../application/finish-stale-charges/finish-stale-charges.js';
import { EventStoreUnavailable } from '../../application/ports/event-store.port.js';

@Injectable()
export class StaleChargesWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(StaleChargesWorker.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly finisher: FinishStaleCharges,
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

  private sweep(): void {
    if (this.running) return;
    this.running = this.finisher
      .run(this.config.staleChargeAfterMs)
      .then((finished) => {
        if (finished > 0) this.logger.log(`opened the checkout of ${finished} charge(s) left creado`);
      })
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
