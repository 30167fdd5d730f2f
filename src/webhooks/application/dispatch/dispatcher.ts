// The webhook dispatcher (DESIGN.md 3b, 5.16): claims due deliveries under a lease in a short transaction, POSTs
// them outside any transaction, records each outcome in another short one. Any number may run (SKIP LOCKED); a
// killed one loses nothing: its leases run out and the deliveries are due again.
import type { Clock } from '../../../kernel/clock.js';
import { databaseUnreachable } from '../../../kernel/database-outage.js';
import type { ClaimedDelivery, DeliveryQueue } from '../ports/delivery-queue.port.js';
import type { SecretBox } from '../ports/secret-box.port.js';
import type { WebhookSender } from '../ports/webhook-sender.port.js';
import { deliver, type DeliveryParts } from './deliver.js';

export interface DispatcherLogger {
  error(message: string, trace?: string): void;
  log?(message: string): void;
}

export interface DispatcherOptions {
  retryDelays: readonly number[];
  /** The sender's time-out: a lease outlives it, so a live dispatcher never loses its claim mid-POST. */
  timeoutMs: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** Fallback poll, when no notice of new work arrives. */
  pollMs?: number;
  /** Pause after a database error. */
  retryMs?: number;
  logger: DispatcherLogger;
}

/** Time beyond the POST's time-out before a claim lapses. */
export const LEASE_MARGIN_MS = 5000;

export class Dispatcher {
  private readonly parts: DeliveryParts;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly retryMs: number;
  private readonly leaseMs: number;
  private readonly claimBatch: number;
  private readonly logger: DispatcherLogger;
  private readonly inflight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | null = null;
  private shutdown = new AbortController();
  private woken = false;
  private wakeSleep: (() => void) | null = null;
  /** The database does not answer (said once, when it began). */
  private outage = false;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(queue: DeliveryQueue, sender: WebhookSender, secrets: SecretBox, clock: Clock, options: DispatcherOptions) {
    this.parts = { queue, sender, secrets, clock, retryDelays: options.retryDelays };
    this.concurrency = options.concurrency ?? 32;
    this.pollMs = options.pollMs ?? 1000;
    this.retryMs = options.retryMs ?? 1000;
    this.leaseMs = options.timeoutMs + LEASE_MARGIN_MS;
    this.claimBatch = Math.max(1, Math.floor(this.concurrency / 4));
    this.logger = options.logger;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.shutdown = new AbortController();
    this.unsubscribe = this.parts.queue.onWork(() => this.wake());
    this.loop = this.run();
  }

  /** Stops claiming, cuts in-flight POSTs short and gives their claims back. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    this.shutdown.abort();
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.inflight]);
    this.loop = null;
    await unsubscribe?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const free = this.concurrency - this.inflight.size;
        this.woken = false;
        // While POSTs are in flight, claim once a quarter of the slots is free: fewer, larger claims under load.
        if (free <= 0 || (this.inflight.size > 0 && free < this.claimBatch)) {
          await this.sleep(this.pollMs); // woken when a POST ends
          continue;
        }
        const claimed = await this.parts.queue.claim(free, this.leaseMs);
        if (this.outage) {
          this.outage = false;
          this.logger.log?.('Webhook dispatcher: the database answers again; deliveries resumed');
        }
        for (const delivery of claimed) this.track(delivery);
        // A full claim suggests more is due: go again as soon as slots free.
        if (claimed.length === free) continue;
        // Nothing more is due now. With POSTs in flight, their ends wake the loop; otherwise sleep until the next
        // retry is due (or a notice of new work comes).
        const due = claimed.length > 0 ? null : await this.parts.queue.msUntilNextDue();
        await this.sleep(due === null ? this.pollMs : Math.min(Math.max(due, 5), this.pollMs));
      } catch (error) {
        const unreachable = databaseUnreachable(error);
        if (unreachable === undefined) {
          this.logger.error(`Webhook dispatcher: ${describe(error)}; retrying in ${this.retryMs} ms`, error instanceof Error ? error.stack : undefined);
        } else if (!this.outage) {
          // An outage, not a bug: one line, no trace; the loop keeps trying (the LISTEN connection's return wakes it).
          this.outage = true;
          this.logger.error(`Webhook dispatcher: the database does not answer (${unreachable}); deliveries wait, trying every ${this.retryMs} ms`);
        }
        await this.sleep(this.retryMs);
      }
    }
  }

  private track(delivery: ClaimedDelivery): void {
    const attempt: Promise<void> = deliver(this.parts, delivery, this.shutdown.signal)
      .catch((error: unknown) => {
        // The outcome was not recorded: the lease runs out and the delivery is attempted again (at least once).
        const unreachable = databaseUnreachable(error);
        if (unreachable !== undefined) {
          // An outage met mid-attempt, not a bug: one line, no trace (the loop says the outage once, too).
          this.logger.error(`Delivery ${delivery.id}: its attempt was not recorded, the database does not answer (${unreachable}); it is sent again once it does`);
        } else {
          this.logger.error(`Delivery ${delivery.id}: ${describe(error)}`, error instanceof Error ? error.stack : undefined);
        }
      })
      .finally(() => {
        this.inflight.delete(attempt);
        this.wake();
      });
    this.inflight.add(attempt);
  }

  private sleep(ms: number): Promise<void> {
    if (!this.running || this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wakeSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleep = done;
    });
  }

  private wake(): void {
    this.woken = true;
    this.wakeSleep?.();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
