import { Query } from '@nestjs/cqrs';
import type { ChargeSummary } from '../charge-summary.js';

/** One charge of one merchant; null when missing or another merchant's (the same 404 either way). */
export class GetChargeQuery extends Query<ChargeSummary | null> {
  constructor(
    readonly merchantId: string,
    readonly chargeId: string,
  ) {
    super();
  }
}
