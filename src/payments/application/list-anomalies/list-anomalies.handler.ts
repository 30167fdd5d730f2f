import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PAYMENT_ANOMALIES, type PaymentAnomalies, type PaymentAnomaly } from '../ports/payment-anomalies.port.js';
import { ListAnomaliesQuery } from './list-anomalies.query.js';

@QueryHandler(ListAnomaliesQuery)
export class ListAnomaliesHandler implements IQueryHandler<ListAnomaliesQuery, PaymentAnomaly[]> {
  constructor(@Inject(PAYMENT_ANOMALIES) private readonly anomalies: PaymentAnomalies) {}

  execute({ chargeId, limit }: ListAnomaliesQuery): Promise<PaymentAnomaly[]> {
    return this.anomalies.list({ chargeId }, limit);
  }
}
