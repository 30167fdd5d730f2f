// The unfinished refunds (refund-requests.port.ts) in PostgreSQL, beside the read models.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../../kernel/actor.js';
import type { RefundRequest, RefundRequests } from '../../application/ports/refund-requests.port.js';

@Injectable()
export class PostgresRefundRequests implements RefundRequests {
  constructor(private readonly dataSource: DataSource) {}

  async record({ chargeId, actor, correlationId }: RefundRequest, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO refund_requests (charge_id, actor, correlation_id, requested_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (charge_id) DO NOTHING`,
      [chargeId, JSON.stringify(actor), correlationId, at],
    );
  }

  async finished(chargeId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM refund_requests WHERE charge_id = $1', [chargeId]);
  }

  async unfinished(before: Date, limit: number): Promise<RefundRequest[]> {
    const rows: Array<{ charge_id: string; actor: Actor; correlation_id: string }> = await this.dataSource.query(
      'SELECT charge_id, actor, correlation_id FROM refund_requests WHERE requested_at < $1 ORDER BY requested_at LIMIT $2',
      [before, limit],
    );
    return rows.map((row) => ({ chargeId: row.charge_id, actor: row.actor, correlationId: row.correlation_id }));
  }
}
