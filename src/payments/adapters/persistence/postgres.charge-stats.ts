// Stats straight from the charges read model: date_trunc in America/Bogota, summed per period and estado.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChargeStatsReader, PeriodGroup, PeriodUnit } from '../../application/ports/charge-stats.port.js';
import type { Estado } from '../../domain/charge.js';

interface GroupRow {
  period: string;
  estado: Estado;
  count: number;
  sum: string;
}

@Injectable()
export class PostgresChargeStats implements ChargeStatsReader {
  constructor(private readonly dataSource: DataSource) {}

  async groups(merchantId: string, from: Date, to: Date, unit: PeriodUnit): Promise<PeriodGroup[]> {
    // Uses the (merchant_id, creado_en) index of the list; the range bounds are instants, the grouping Bogota days.
    const rows: GroupRow[] = await this.dataSource.query(
      `SELECT to_char(date_trunc($4, creado_en AT TIME ZONE 'America/Bogota'), 'YYYY-MM-DD') AS period,
              estado, count(*)::int AS count, sum(monto)::text AS sum
         FROM charges
        WHERE merchant_id = $1 AND creado_en >= $2 AND creado_en < $3
        GROUP BY 1, 2`,
      [merchantId, from, to, unit],
    );
    return rows.map((row) => ({ period: row.period, estado: row.estado, count: row.count, sum: Number(row.sum) }));
  }
}
