// What settlement reads of a charge, from the payments context (its stream is the source of truth).
import type { ChargeFacts } from '../../domain/settlement.js';

export const CHARGE_FACTS = Symbol('ChargeFacts');

export interface ChargeFactsReader {
  /** Null when no such charge exists. */
  find(chargeId: string): Promise<ChargeFacts | null>;
}
