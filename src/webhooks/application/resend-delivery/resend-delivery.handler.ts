import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { administratorsOnly } from '../../../kernel/acting-person.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { DeliveryNotFound, DeliveryPending } from '../../domain/webhook.errors.js';
import { DELIVERY_LOG, type DeliveryLog, type DeliveryView } from '../ports/delivery-log.port.js';
import { ResendDelivery } from './resend-delivery.command.js';

@CommandHandler(ResendDelivery)
export class ResendDeliveryHandler implements ICommandHandler<ResendDelivery, DeliveryView> {
  constructor(
    @Inject(DELIVERY_LOG) private readonly deliveries: DeliveryLog,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ deliveryId, actor, merchantId }: ResendDelivery): Promise<DeliveryView> {
    if (merchantId !== undefined && (await this.deliveries.find(deliveryId))?.merchantId !== merchantId) throw new DeliveryNotFound();
    const result = await this.deliveries.resend(deliveryId, actor, this.clock.now(), administratorsOnly);
    switch (result.kind) {
      case 'resent':
        return result.delivery;
      case 'pending':
        throw new DeliveryPending();
      case 'not_found':
        throw new DeliveryNotFound();
      default: {
        const unhandled: never = result;
        return unhandled;
      }
    }
  }
}
