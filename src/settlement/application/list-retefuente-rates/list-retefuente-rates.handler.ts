import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RetefuenteRate } from '../../domain/tariff.js';
import { RETEFUENTE_RATES, type RetefuenteRates } from '../ports/tariffs.port.js';
import { ListRetefuenteRatesQuery } from './list-retefuente-rates.query.js';

@QueryHandler(ListRetefuenteRatesQuery)
export class ListRetefuenteRatesHandler implements IQueryHandler<ListRetefuenteRatesQuery, RetefuenteRate[]> {
  constructor(@Inject(RETEFUENTE_RATES) private readonly rates: RetefuenteRates) {}

  execute(): Promise<RetefuenteRate[]> {
    return this.rates.all();
  }
}
