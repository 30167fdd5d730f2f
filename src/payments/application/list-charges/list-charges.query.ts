import { Query } from '@nestjs/cqrs';
import type { ChargeSummary } from '../charge-summary.js';
import type { ChargeFilter, PageCursor } from '../ports/charge-views.port.js';

export interface ChargePage {
  data: ChargeSummary[];
  next: PageCursor | null;
}

/** One page of a merchant's charges, newest first (DESIGN.md 5.10). */
export class ListChargesQuery extends Query<ChargePage> {
  constructor(
    readonly merchantId: string,
    readonly filter: ChargeFilter,
    readonly after: PageCursor | null,
    readonly limit: number,
  ) {
    super();
  }
}
