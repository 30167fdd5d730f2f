import { Query } from '@nestjs/cqrs';
import type { StoredTariff } from '../ports/tariffs.port.js';

/** The merchant's tariff in force now (the defaults when none was set); 404 for no such merchant. */
export class GetTariffQuery extends Query<StoredTariff> {
  constructor(readonly merchantId: string) {
    super();
  }
}
