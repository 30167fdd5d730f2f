import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GetMerchant } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { DELIVERY_LOG, type DeliveryLog, type DeliveryPage } from '../ports/delivery-log.port.js';
import { ListDeliveries } from './list-deliveries.query.js';

@QueryHandler(ListDeliveries)
export class ListDeliveriesHandler implements IQueryHandler<ListDeliveries, DeliveryPage | null> {
  constructor(
    @Inject(DELIVERY_LOG) private readonly deliveries: DeliveryLog,
    private readonly queries: QueryBus,
  ) {}

  async execute({ merchantId, estado, limit, pagoId, after }: ListDeliveries): Promise<DeliveryPage | null> {
    if (!(await this.queries.execute(new GetMerchant(merchantId)))) return null;
    return this.deliveries.list(merchantId, { estado, limit, pagoId, after });
  }
}
