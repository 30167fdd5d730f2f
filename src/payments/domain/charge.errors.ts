import { DomainError } from '../../kernel/errors.js';
import type { Estado } from './charge.js';

export class ChargeAlreadyExists extends DomainError {
  constructor(chargeId: string) {
    super('conflict', 'charge_exists', `Charge ${chargeId} already exists`);
  }
}

export class ChargeNotFound extends DomainError {
  constructor() {
    super('not_found', 'not_found', 'Charge not found');
  }
}

/** A move the state machine does not allow from the charge's current state (DESIGN.md section 4). */
export class IllegalTransition extends DomainError {
  constructor(
    readonly move: string,
    readonly from: Estado,
  ) {
    super('conflict', 'invalid_state', `Cannot ${move} a charge in estado ${from}`);
  }
}

/** A provider outcome that contradicts a final state: kept as an anomaly for the operator, never applied. */
export class ContradictoryOutcome extends DomainError {
  constructor(
    readonly outcome: 'approved' | 'failed',
    readonly estado: Estado,
  ) {
    super('conflict', 'contradictory_outcome', `Provider reported ${outcome} for a charge already ${estado}`);
  }
}
