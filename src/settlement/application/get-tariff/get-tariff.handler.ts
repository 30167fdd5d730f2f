import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { NotFound } from '../../../kernel/errors.js';
import { isUuid } from '../../../kernel/uuid.js';
import { TARIFFS, type StoredTariff, type Tariffs } from '../ports/tariffs.port.js';
import { GetTariffQuery } from './get-tariff.query.js';

@QueryHandler(GetTariffQuery)
export class GetTariffHandler implements IQueryHandler<GetTariffQuery, StoredTariff> {
  constructor(
    @Inject(TARIFFS) private readonly tariffs: Tariffs,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId }: GetTariffQuery): Promise<StoredTariff> {
    const stored = isUuid(merchantId) ? await this.tariffs.current(merchantId, this.clock.now()) : null;
    if (!stored) throw new NotFound('Merchant');
    return stored;
  }
}
