// Tariffs as a history per merchant: a PUT adds a row in force from its time on, so a charge keeps the terms of
// its approval whatever the operator sets later.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../../kernel/actor.js';
import type { StoredTariff, Tariffs } from '../../application/ports/tariffs.port.js';
import { DEFAULT_TARIFF, type MerchantTariff } from '../../domain/tariff.js';

interface TariffRow {
  vigente_desde: Date;
  comision_ppm: number;
  comision_fija: number;
  iva_comision_ppm: number;
  iva_ventas_ppm: number;
  retefuente_ppm: number | null;
  rete_iva_ppm: number;
  rete_ica_ppm: number;
  actor: Actor;
}

const COLUMNS =
  'vigente_desde, comision_ppm, comision_fija, iva_comision_ppm, iva_ventas_ppm, retefuente_ppm, rete_iva_ppm, rete_ica_ppm, actor';

const IN_FORCE = `SELECT ${COLUMNS} FROM merchant_tariffs WHERE merchant_id = $1 AND vigente_desde <= $2
                  ORDER BY vigente_desde DESC, id DESC LIMIT 1`;

const toTariff = (row: TariffRow): MerchantTariff => ({
  comisionPpm: row.comision_ppm,
  comisionFija: row.comision_fija,
  ivaComisionPpm: row.iva_comision_ppm,
  ivaVentasPpm: row.iva_ventas_ppm,
  retefuentePpm: row.retefuente_ppm,
  reteIvaPpm: row.rete_iva_ppm,
  reteIcaPpm: row.rete_ica_ppm,
});

const toStored = (row: TariffRow): StoredTariff => ({
  tariff: toTariff(row),
  vigenteDesde: row.vigente_desde.toISOString(),
  actor: row.actor,
});

@Injectable()
export class PostgresTariffs implements Tariffs {
  constructor(private readonly dataSource: DataSource) {}

  async inForceAt(merchantId: string, at: Date): Promise<MerchantTariff> {
    const rows: TariffRow[] = await this.dataSource.query(IN_FORCE, [merchantId, at]);
    return rows[0] ? toTariff(rows[0]) : DEFAULT_TARIFF;
  }

  async current(merchantId: string, now: Date): Promise<StoredTariff | null> {
    const exists: unknown[] = await this.dataSource.query('SELECT 1 FROM merchants WHERE id = $1', [merchantId]);
    if (exists.length === 0) return null;
    const rows: TariffRow[] = await this.dataSource.query(IN_FORCE, [merchantId, now]);
    return rows[0] ? toStored(rows[0]) : { tariff: DEFAULT_TARIFF, vigenteDesde: null, actor: null };
  }

  async set(merchantId: string, tariff: MerchantTariff, at: Date, actor: Actor): Promise<StoredTariff | null> {
    const rows: TariffRow[] = await this.dataSource.query(
      `INSERT INTO merchant_tariffs (merchant_id, vigente_desde, comision_ppm, comision_fija, iva_comision_ppm,
                                     iva_ventas_ppm, retefuente_ppm, rete_iva_ppm, rete_ica_ppm, actor)
       SELECT m.id, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM merchants m WHERE m.id = $1
       RETURNING ${COLUMNS}`,
      [
        merchantId,
        at,
        tariff.comisionPpm,
        tariff.comisionFija,
        tariff.ivaComisionPpm,
        tariff.ivaVentasPpm,
        tariff.retefuentePpm,
        tariff.reteIvaPpm,
        tariff.reteIcaPpm,
        JSON.stringify(actor),
      ],
    );
    return rows[0] ? toStored(rows[0]) : null;
  }
}
