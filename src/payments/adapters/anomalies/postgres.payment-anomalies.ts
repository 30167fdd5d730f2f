// Anomalies in PostgreSQL: one row per notice (a replay of the same notice is not a second anomaly).
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Estado } from '../../domain/charge.js';
import type { AnomalyKind, PaymentAnomalies, PaymentAnomaly } from '../../application/ports/payment-anomalies.port.js';

interface AnomalyRow {
  id: string;
  notice_id: string;
  charge_id: string | null;
  tipo: AnomalyKind;
  resultado: 'approved' | 'failed';
  metodo: string | null;
  estado_cargo: Estado | null;
  detalle: string;
  aviso: Record<string, unknown>;
  recibida_en: Date;
}

@Injectable()
export class PostgresPaymentAnomalies implements PaymentAnomalies {
  constructor(private readonly db: DataSource) {}

  async record(a: PaymentAnomaly): Promise<void> {
    await this.db.query(
      `INSERT INTO payment_anomalies (id, notice_id, charge_id, tipo, resultado, metodo, estado_cargo, detalle, aviso, recibida_en)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (notice_id) DO NOTHING`,
      [a.id, a.noticeId, a.chargeId, a.kind, a.outcome, a.method, a.chargeEstado, a.detail, JSON.stringify(a.notice), a.receivedAt],
    );
  }

  async list(filter: { chargeId?: string }, limit: number): Promise<PaymentAnomaly[]> {
    const rows: AnomalyRow[] = filter.chargeId
      ? await this.db.query('SELECT * FROM payment_anomalies WHERE charge_id = $1 ORDER BY recibida_en DESC, id DESC LIMIT $2', [
          filter.chargeId,
          limit,
        ])
      : await this.db.query('SELECT * FROM payment_anomalies ORDER BY recibida_en DESC, id DESC LIMIT $1', [limit]);
    return rows.map((row) => ({
      id: row.id,
      noticeId: row.notice_id,
      chargeId: row.charge_id,
      kind: row.tipo,
      outcome: row.resultado,
      method: row.metodo,
      chargeEstado: row.estado_cargo,
      detail: row.detalle,
      notice: row.aviso,
      receivedAt: row.recibida_en.toISOString(),
    }));
  }
}
