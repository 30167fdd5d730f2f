// Stats from the charges' daily totals (charges_daily: per merchant, Bogota creation day and estado, kept by the
// charges projection): the days of the range summed per period and estado, whatever the merchant's size.
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

  async groups(merchantId: string, desde: string, hasta: string, unit: PeriodUnit): Promise<PeriodGroup[]> {
    // A range scan of the primary key (merchant_id, dia, estado): at most 6 rows a day. `dia` is the charge's
    // (creado_en AT TIME ZONE 'America/Bogota')::date, so a range of whole Bogota days selects exactly the charges
    // created from desde's 00:00:00 to hasta's 23:59:59.999 there, as the charges themselves were read before. The day
    // is a timestamp without zone before date_trunc, so the session's TimeZone plays no part.
    const rows: GroupRow[] = await this.dataSource.query(
      `SELECT to_char(date_trunc($4, dia::timestamp), 'YYYY-MM-DD') AS period, estado,
              sum(cantidad)::int AS count, sum(monto)::text AS sum
         FROM charges_daily
        WHERE merchant_id = $1 AND dia >= $2::date AND dia <= $3::date
        GROUP BY 1, 2`,
      [merchantId, desde, hasta, unit],
    );
    return rows.map((row) => ({ period: row.period, estado: row.estado, count: row.count, sum: Number(row.sum) }));
  }
}
