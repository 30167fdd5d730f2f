// The outbox as the dispatcher sees it: due deliveries claimed under a lease, outcomes recorded under that lease.
import type { NextStep } from '../../domain/delivery.js';
import type { PreviousSecret } from '../../domain/signing-secrets.js';
import type { WebhookEventType } from '../../domain/webhook-event.js';

export const DELIVERY_QUEUE = Symbol('DeliveryQueue');

export interface ClaimedDelivery {
  id: string;
  merchantId: string;
  eventType: WebhookEventType;
  /** The event body as serialised once by the projector: sent byte for byte. */
  body: string;
  /** Attempts of the current series (since it was created or last re-sent) made before this claim. */
  seriesAttempts: number;
  /** Proves this claim still holds the delivery when the outcome is written. */
  leaseToken: string;
  /** The merchant's endpoint as it is now (a URL changed between attempts is used at once); null: none. */
  endpoint: ClaimedEndpoint | null;
}

export interface ClaimedEndpoint {
  id: string;
  url: string;
  activo: boolean;
  sealedSecret: string;
  /** The secret replaced by the last roll, sealed, with the end of its grace (past or not); null when none is kept. */
  previousSecret: PreviousSecret<string> | null;
}

export interface AttemptRecord {
  url: string;
  startedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export interface DeliveryQueue {
  /** Claims up to `limit` due deliveries for `leaseMs`; an unfinished claim (a killed dispatcher) is due again after it. */
  claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Records the attempt and what follows it; false when the lease was lost (the outcome is then not applied). */
  recordAttempt(delivery: ClaimedDelivery, attempt: AttemptRecord, next: NextStep): Promise<boolean>;
  /** No active endpoint: kept as `sin_endpoint`, not sent. */
  markWithoutEndpoint(delivery: ClaimedDelivery): Promise<void>;
  /** Gives a claim back unattempted (shutdown), due at once for any dispatcher. */
  release(delivery: ClaimedDelivery): Promise<void>;
  /** Milliseconds until the next pending delivery is due (0 when one is due); null when none is pending. */
  msUntilNextDue(): Promise<number | null>;
  /** Calls `listener` when deliveries may have become due (new ones, re-sends), from any process; the returned
   * function stops that, resolving once nothing is listening any more. */
  onWork(listener: () => void): () => Promise<void>;
}
