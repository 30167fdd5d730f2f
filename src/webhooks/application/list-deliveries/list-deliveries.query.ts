import { Query } from '@nestjs/cqrs';
import type { DeliveryEstado } from '../../domain/delivery.js';
import type { DeliveryView } from '../ports/delivery-log.port.js';

/** The operator's view of a merchant's deliveries, newest first, each with its attempts; null: no such merchant. */
export class ListDeliveries extends Query<DeliveryView[] | null> {
  constructor(
    readonly merchantId: string,
    readonly estado: DeliveryEstado | undefined,
    readonly limit: number,
    /** Only this charge's deliveries. */
    readonly pagoId?: string,
  ) {
    super();
  }
}
