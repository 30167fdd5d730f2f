// Totals over the charges read model, grouped by a Bogota calendar period and estado (GET /pagos/stats).
import type { Estado } from '../../domain/charge.js';

export const CHARGE_STATS = Symbol('ChargeStats');

export type PeriodUnit = 'day' | 'week' | 'month';

export interface PeriodGroup {
  /** First Bogota day of the period (`YYYY-MM-DD`; weeks start on Monday). */
  period: string;
  estado: Estado;
  count: number;
  sum: number;
}

export interface ChargeStatsReader {
  /**
   * Charges of the merchant created on the Bogota days `desde` to `hasta` (`YYYY-MM-DD`, both included), grouped;
   * groups without charges are absent.
   */
  groups(merchantId: string, desde: string, hasta: string, unit: PeriodUnit): Promise<PeriodGroup[]>;
}
