// GET /pagos/stats: every period of the range is listed, those without charges with zeros, so a chart needs no gaps.
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ESTADOS, type Estado } from '../../domain/charge.js';
import { CHARGE_STATS, type ChargeStatsReader, type PeriodGroup } from '../ports/charge-stats.port.js';
import { ChargeStatsQuery, type ChargeStats, type Totals } from './charge-stats.query.js';
import { periodsOf } from './periods.js';

function emptyTotals(): Totals {
  const porEstado = Object.fromEntries(ESTADOS.map((estado) => [estado, { cantidad: 0, monto: 0 }])) as Totals['porEstado'];
  return { cantidad: 0, monto: 0, porEstado };
}

function add(totals: Totals, estado: Estado, group: PeriodGroup): void {
  totals.cantidad += group.count;
  totals.monto += group.sum;
  totals.porEstado[estado].cantidad += group.count;
  totals.porEstado[estado].monto += group.sum;
}

@QueryHandler(ChargeStatsQuery)
export class ChargeStatsHandler implements IQueryHandler<ChargeStatsQuery, ChargeStats> {
  constructor(@Inject(CHARGE_STATS) private readonly stats: ChargeStatsReader) {}

  async execute({ merchantId, desde, hasta, unit }: ChargeStatsQuery): Promise<ChargeStats> {
    const groups = await this.stats.groups(merchantId, desde, hasta, unit);
    const total = emptyTotals();
    const periodos = periodsOf(desde, hasta, unit).map((period) => ({
      periodo: period.key,
      desde: period.desde,
      hasta: period.hasta,
      ...emptyTotals(),
    }));
    const byKey = new Map(periodos.map((p) => [p.periodo, p]));
    for (const group of groups) {
      add(total, group.estado, group);
      const period = byKey.get(group.period);
      // Every charge of the range falls in one of its periods; a miss would be a bug in periodsOf, not data.
      if (!period) throw new Error(`Stats: period ${group.period} is not one of the range ${desde}..${hasta}`);
      add(period, group.estado, group);
    }
    return { total, periodos };
  }
}
