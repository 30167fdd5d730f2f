// The worker's cash voucher expiry: every VOUCHER_EXPIRY_INTERVAL_MS, expires the open vouchers past due (their
// deadlines are projected by the worker's ReadModelsProjector). One provider in WorkerModule; it builds its parts itself.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { databaseUnreachable } from '../../../kernel/database-outage.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { ChargeStream } from '../../application/charge-stream.js';
import { ExpireDueCashVouchers } from '../../application/expire-cash-vouchers/expire-due-cash-vouchers.js';
import { EVENT_STORE, EventStoreUnavailable, type EventStore } from '../../application/ports/event-store.port.js';
import { PostgresVoucherDeadlines } from './postgres.voucher-deadlines.js';

@Injectable()
export class CashVoucherExpiryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CashVoucherExpiry');
  readonly expiry: ExpireDueCashVouchers;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    dataSource: DataSource,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.expiry = new ExpireDueCashVouchers(new PostgresVoucherDeadlines(dataSource), new ChargeStream(store), clock);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.sweep().finally(() => (this.running = null));
    }, this.config.voucherExpiryIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async sweep(): Promise<void> {
    try {
      const expired = await this.expiry.run();
      if (expired > 0) this.logger.log(`${expired} cash voucher(s) expired`);
    } catch (error) {
      // An outage of the store is said once, where it is met (the adapter), not at every sweep.
      if (error instanceof EventStoreUnavailable) return;
      // A database outage is said by the projector and the dispatcher, not at every run.
      if (databaseUnreachable(error) === undefined) {
        this.logger.error(`voucher expiry failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
