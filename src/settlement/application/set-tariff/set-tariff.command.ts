import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantTariff } from '../../domain/tariff.js';
import type { StoredTariff } from '../ports/tariffs.port.js';

/** PUT /internal/merchants/{id}/tarifa: the merchant's whole tariff, for charges approved from now on. */
export class SetTariffCommand extends Command<StoredTariff> {
  constructor(
    readonly merchantId: string,
    readonly tariff: MerchantTariff,
    readonly actor: Actor,
  ) {
    super();
  }
}
