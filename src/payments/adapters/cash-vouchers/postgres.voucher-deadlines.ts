import type { DataSource } from 'typeorm';
import type { VoucherDeadlines } from '../../application/ports/voucher-deadlines.port.js';

export class PostgresVoucherDeadlines implements VoucherDeadlines {
  constructor(private readonly db: DataSource) {}

  async due(now: Date, limit: number): Promise<string[]> {
    const rows: Array<{ charge_id: string }> = await this.db.query(
      'SELECT charge_id FROM cash_voucher_deadlines WHERE abierto AND vence_en <= $1 ORDER BY vence_en LIMIT $2',
      [now, limit],
    );
    return rows.map((row) => row.charge_id);
  }
}
