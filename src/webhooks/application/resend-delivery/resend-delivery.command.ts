import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { DeliveryView } from '../ports/delivery-log.port.js';

/** Sends a delivery again (same delivery id, same body, freshly signed): a new series of attempts, due at once. */
export class ResendDelivery extends Command<DeliveryView> {
  constructor(
    readonly deliveryId: string,
    readonly actor: Actor,
    /** When given (the portal), a delivery of another merchant is not found, like a missing one. */
    readonly merchantId?: string,
  ) {
    super();
  }
}
