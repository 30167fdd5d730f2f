import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { MERCHANTS, type Merchants } from '../ports/merchants.port.js';
import { CreateMerchant, type CreatedMerchant } from './create-merchant.command.js';

@CommandHandler(CreateMerchant)
export class CreateMerchantHandler implements ICommandHandler<CreateMerchant> {
  constructor(
    @Inject(MERCHANTS) private readonly merchants: Merchants,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: CreateMerchant): Promise<CreatedMerchant> {
    const id = randomUUID();
    await this.merchants.create({ id, nombre: command.nombre, createdAt: this.clock.now() });
    return { id, nombre: command.nombre, aprobado: false };
  }
}
