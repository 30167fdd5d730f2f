// The record of every settlement report import: an audit trail, and how a repeated report is recognised.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dedicatedConnection } from '../../../kernel/database.js';
import type { ReportImport, ReportImports } from '../../application/ports/reconciliation.port.js';

/** First key of the two-key advisory lock, apart from the projections' ('proj') and the migrations' single key. */
const REPORT_LOCK_CLASS = 0x73746c6d; // 'stlm'

@Injectable()
export class PostgresReportImports implements ReportImports {
  constructor(private readonly dataSource: DataSource) {}

  async alone<T>(reportHash: string, work: () => Promise<T>): Promise<T> {
    // A session lock on a connection of its own, outside the pool: the import's own statements use the pool, and
    // imports waiting here must not hold the connections it needs. Imports are rare; a connection each is cheap.
    const url = (this.dataSource.options as { url?: string }).url;
    const lock = dedicatedConnection(url, 'pasarela-report-import');
    lock.on('error', () => undefined); // a drop ends the session and its lock; the import's own statements go on
    await lock.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1, hashtext($2))', [REPORT_LOCK_CLASS, reportHash]);
      return await work();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REPORT_LOCK_CLASS, reportHash]).catch(() => undefined);
      await lock.end().catch(() => undefined);
    }
  }

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
