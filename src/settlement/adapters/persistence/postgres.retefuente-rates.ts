// The dated retefuente table; the migration seeds the DUR 1625/2016 rate.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RetefuenteRates } from '../../application/ports/tariffs.port.js';
import type { RetefuenteRate } from '../../domain/tariff.js';

interface RateRow {
  vigente_desde: string;
  tarifa_ppm: number;
  fuente: string;
}

@Injectable()
export class PostgresRetefuenteRates implements RetefuenteRates {
  constructor(private readonly dataSource: DataSource) {}

  async all(): Promise<RetefuenteRate[]> {
    const rows: RateRow[] = await this.dataSource.query(
      `SELECT to_char(vigente_desde, 'YYYY-MM-DD') AS vigente_desde, tarifa_ppm, fuente FROM retefuente_rates ORDER BY vigente_desde`,
    );
    return rows.map((row) => ({ vigenteDesde: row.vigente_desde, ppm: row.tarifa_ppm, fuente: row.fuente }));
  }

  async put(rate: RetefuenteRate, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO retefuente_rates (vigente_desde, tarifa_ppm, fuente, actualizado_en) VALUES ($1, $2, $3, $4)
       ON CONFLICT (vigente_desde) DO UPDATE SET tarifa_ppm = $2, fuente = $3, actualizado_en = $4`,
      [rate.vigenteDesde, rate.ppm, rate.fuente, at],
    );
  }
}
