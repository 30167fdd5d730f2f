// The sandbox's clockwork, once a second: the "stays pending" bank approves when its time comes, and notices the
// gateway did not take are sent again.
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { databaseUnreachable } from '../../../kernel/database-outage.js';
import { SandboxNotifier } from './sandbox-notifier.js';
import { SandboxPayments } from './sandbox-payments.js';

const TICK_MS = 1000;

@Injectable()
export class SandboxTicker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SandboxTicker');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly payments: SandboxPayments,
    private readonly notifier: SandboxNotifier,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.tick().finally(() => (this.running = null));
    }, TICK_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async tick(): Promise<void> {
    try {
      await this.payments.decideDue();
      for (const notice of await this.notifier.claimDue(20)) await this.notifier.deliver(notice);
    } catch (error) {
      // A database outage is said by the projector, the dispatcher and the requests, not at every tick.
      if (databaseUnreachable(error) === undefined) {
        this.logger.error(`sandbox tick failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
