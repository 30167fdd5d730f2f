import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { NotFound } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/uuid.js';
import { TARIFFS, type StoredTariff, type Tariffs } from '../ports/tariffs.port.js';
import { SetTariffCommand } from './set-tariff.command.js';

@CommandHandler(SetTariffCommand)
export class SetTariffHandler implements ICommandHandler<SetTariffCommand, StoredTariff> {
  constructor(
    @Inject(TARIFFS) private readonly tariffs: Tariffs,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, tariff, actor }: SetTariffCommand): Promise<StoredTariff> {
    const stored = isUuid(merchantId) ? await this.tariffs.set(merchantId, tariff, this.clock.now(), actor) : null;
    if (!stored) throw new NotFound('Merchant');
    return stored;
  }
}
