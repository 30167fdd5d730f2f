import { DomainError } from '../../kernel/errors.js';

/** A charge nobody has paid (creado, pendiente) or that failed has nothing to settle: 409 (DESIGN.md 5.12). */
export class NoSettlement extends DomainError {
  constructor(readonly estado: string) {
    super('conflict', 'settlement_not_available', `A charge in estado ${estado} has no settlement: only approved charges are settled`);
  }
}
