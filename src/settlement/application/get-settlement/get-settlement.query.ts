import { Query } from '@nestjs/cqrs';
import type { Settlement, SettledCharge } from '../../domain/settlement.js';

export interface SettlementView {
  charge: SettledCharge;
  settlement: Settlement;
}

/**
 * The settlement of one charge of one merchant; null when missing or another merchant's (the same 404). The operator
 * asks with `merchantId` null: any merchant's charge.
 */
export class GetSettlementQuery extends Query<SettlementView | null> {
  constructor(
    readonly merchantId: string | null,
    readonly chargeId: string,
  ) {
    super();
  }
}
