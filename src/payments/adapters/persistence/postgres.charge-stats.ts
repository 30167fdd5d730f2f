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
    // Reads the (merchant_id, creado_en) index alone (it includes estado and monto: migration 940); the range bounds
    // are instants, the grouping Bogota days. Rows are grouped by day first (a cast per row) and only the days are
    // truncated to the period and formatted: to_char and date_trunc once per row cost more than the scan itself.
    // The day is a timestamp without zone before date_trunc, so the session's TimeZone plays no part.
    const rows: GroupRow[] = await this.dataSource.query(
      `SELECT to_char(date_trunc($4, day::timestamp), 'YYYY-MM-DD') AS period, estado,
              sum(count)::int AS count, sum(sum)::text AS sum
         FROM (SELECT (creado_en AT TIME ZONE 'America/Bogota')::date AS day, estado, count(*) AS count, sum(monto) AS sum
                 FROM charges
                WHERE merchant_id = $1 AND creado_en >= $2 AND creado_en < $3
                GROUP BY 1, 2) AS days
        GROUP BY 1, 2`,
      [merchantId, from, to, unit],
    );
    return rows.map((row) => ({ period: row.period, estado: row.estado, count: row.count, sum: Number(row.sum) }));
  }
}
