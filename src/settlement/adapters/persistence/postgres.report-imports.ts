// The record of every settlement report import: an audit trail, and how a repeated report is recognised.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ReportImport, ReportImports } from '../../application/ports/reconciliation.port.js';

@Injectable()
export class PostgresReportImports implements ReportImports {
  constructor(private readonly dataSource: DataSource) {}

  async first(reportHash: string): Promise<{ id: string; importedAt: string } | null> {
    const rows: Array<{ id: string; imported_at: Date }> = await this.dataSource.query(
      'SELECT id, imported_at FROM settlement_report_imports WHERE report_hash = $1 ORDER BY imported_at, id LIMIT 1',
      [reportHash],
    );
    const row = rows[0];
    return row ? { id: row.id, importedAt: row.imported_at.toISOString() } : null;
  }

  async record(entry: ReportImport): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO settlement_report_imports (id, report_hash, imported_at, actor, lines, reconciled, mismatches, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        entry.id,
        entry.reportHash,
        entry.importedAt,
        JSON.stringify(entry.actor),
        entry.lines,
        entry.reconciled,
        entry.mismatches,
        JSON.stringify(entry.result),
      ],
    );
  }
}
