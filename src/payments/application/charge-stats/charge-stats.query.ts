import { Query } from '@nestjs/cqrs';
import type { Estado } from '../../domain/charge.js';
import type { PeriodUnit } from '../ports/charge-stats.port.js';

export interface StateTotals {
  cantidad: number;
  monto: number;
}

export interface Totals extends StateTotals {
  porEstado: Record<Estado, StateTotals>;
}

export interface PeriodTotals extends Totals {
  periodo: string;
  desde: string;
  hasta: string;
}

export interface ChargeStats {
  total: Totals;
  periodos: PeriodTotals[];
}

/** Totals of the merchant's charges created from `desde` to `hasta` (Bogota dates, both included). */
export class ChargeStatsQuery extends Query<ChargeStats> {
  constructor(
    readonly merchantId: string,
    readonly desde: string,
    readonly hasta: string,
    readonly unit: PeriodUnit,
  ) {
    super();
  }
}
