// Queries over the charges read model (projected by charges.projection.ts).
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChargeFilter, ChargeView, ChargeViews, PageCursor } from '../../application/ports/charge-views.port.js';
import type { Estado } from '../../domain/charge.js';
import type { Moneda } from '../../domain/charge.events.js';

interface ChargeRow {
  id: string;
  merchant_id: string;
  monto: string;
  moneda: Moneda;
  referencia: string;
  descripcion: string | null;
  estado: Estado;
  checkout_token: string;
  creado_en: Date;
}

const COLUMNS = 'id, merchant_id, monto, moneda, referencia, descripcion, estado, checkout_token, creado_en';

const toView = (row: ChargeRow): ChargeView => ({
  id: row.id,
  merchantId: row.merchant_id,
  monto: Number(row.monto),
  moneda: row.moneda,
  referencia: row.referencia,
  descripcion: row.descripcion,
  estado: row.estado,
  checkoutToken: row.checkout_token,
  creadoEn: row.creado_en.toISOString(),
});

@Injectable()
export class PostgresChargeViews implements ChargeViews {
  constructor(private readonly dataSource: DataSource) {}

  async list(merchantId: string, filter: ChargeFilter, after: PageCursor | null, limit: number): Promise<ChargeView[]> {
    const where = ['merchant_id = $1'];
    const params: unknown[] = [merchantId];
    const add = (clause: (n: string) => string, value: unknown): void => {
      params.push(value);
      where.push(clause(`$${params.length}`));
    };
    if (filter.estado) add((n) => `estado = ${n}`, filter.estado);
    if (filter.referencia) add((n) => `referencia = ${n}`, filter.referencia);
    if (filter.desde) add((n) => `creado_en >= ${n}`, filter.desde);
    if (filter.hasta) add((n) => `creado_en < ${n}`, filter.hasta);
    if (after) {
      params.push(after.creadoEn, after.id);
      where.push(`(creado_en, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(limit);
    const rows: ChargeRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM charges WHERE ${where.join(' AND ')} ORDER BY creado_en DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(toView);
  }

  async staleCreado(before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM charges WHERE estado = 'creado' AND creado_en < $1 ORDER BY creado_en LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }
}
