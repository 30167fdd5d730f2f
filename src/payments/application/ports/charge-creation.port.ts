// Claims an Idempotency-Key for a merchant and records the charge it names (DESIGN.md 5.3).
import type { NewEvent } from './event-store.port.js';

export const CHARGE_CREATION = Symbol('ChargeCreation');

export interface CreationClaim {
  merchantId: string;
  idempotencyKey: string;
  /** SHA-256 of the canonical JSON of the request body. */
  fingerprint: string;
  chargeId: string;
  /** The charge's ChargeCreated event: appended with the claim, or after it (kept with it where the two commit apart). */
  created: NewEvent;
}

export type ClaimOutcome =
  | { kind: 'claimed'; chargeId: string }
  /**
   * `created` is the copy of ChargeCreated kept with a claim that commits apart from the event (EventStoreDB), so a
   * crash between the two can be completed; null where they commit together and the log always has it.
   */
  | { kind: 'existing'; chargeId: string; fingerprint: string; created: NewEvent | null };

export interface ChargeCreation {
  /**
   * Claims the key and appends ChargeCreated to a new stream, atomically where the store allows; or, when the
   * key is already claimed, answers what it names. Concurrent claims of one key: one wins, the others get
   * `existing` once the winner has committed.
   */
  claim(claim: CreationClaim): Promise<ClaimOutcome>;

  /** What the key already names for this merchant, without claiming it; null when it names nothing yet. */
  find(merchantId: string, idempotencyKey: string): Promise<ExistingClaim | null>;
}

export type ExistingClaim = Extract<ClaimOutcome, { kind: 'existing' }>;
