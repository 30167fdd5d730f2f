// The refunds asked of the provider and not yet recorded: what the worker finishes after a provider silence or a crash.
import type { Actor } from '../../../kernel/actor.js';

export const REFUND_REQUESTS = Symbol('RefundRequests');

export interface RefundRequest {
  chargeId: string;
  /** Who asked for the refund: its record carries them, whoever finishes it. */
  actor: Actor;
  correlationId: string;
}

export interface RefundRequests {
  /** Written before the provider is asked; a charge's first request stays (a retry does not replace it). */
  record(request: RefundRequest, at: Date): Promise<void>;
  /** The refund was recorded, or will not be made: nothing is left to finish. */
  finished(chargeId: string): Promise<void>;
  /** The requests made before `before` and still unfinished, oldest first. */
  unfinished(before: Date, limit: number): Promise<RefundRequest[]>;
}
