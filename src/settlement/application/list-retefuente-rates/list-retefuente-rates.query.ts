import { Query } from '@nestjs/cqrs';
import type { RetefuenteRate } from '../../domain/tariff.js';

/** The dated retefuente table, oldest first. */
export class ListRetefuenteRatesQuery extends Query<RetefuenteRate[]> {}
