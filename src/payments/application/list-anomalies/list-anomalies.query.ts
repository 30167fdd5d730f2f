import { Query } from '@nestjs/cqrs';
import type { PaymentAnomaly } from '../ports/payment-anomalies.port.js';

/** The operator's list of provider notices kept aside, newest first; optionally those of one charge. */
export class ListAnomaliesQuery extends Query<PaymentAnomaly[]> {
  constructor(
    readonly chargeId: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
