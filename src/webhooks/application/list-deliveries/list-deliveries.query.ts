import { Query } from '@nestjs/cqrs';
import type { DeliveryEstado } from '../../domain/delivery.js';
import type { DeliveryCursor, DeliveryPage } from '../ports/delivery-log.port.js';

/** A page of a merchant's deliveries, newest first, each with its attempts; null: no such merchant. */
export class ListDeliveries extends Query<DeliveryPage | null> {
  constructor(
    readonly merchantId: string,
    readonly estado: DeliveryEstado | undefined,
    readonly limit: number,
    /** Only this charge's deliveries. */
    readonly pagoId?: string,
    /** The previous page's next: the deliveries after it. */
    readonly after: DeliveryCursor | null = null,
  ) {
    super();
  }
}
