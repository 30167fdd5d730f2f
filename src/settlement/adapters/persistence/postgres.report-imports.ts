// The record of every settlement report import: an audit trail, and how a repeated report is recognised.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dedicatedConnection } from '../../../kernel/database.js';
import type { Actor } from '../../../kernel/actor.js';
import type { ReconciliationResult } from '../../application/import-settlement-report/import-settlement-report.command.js';
import type {
  ReportImport,
  ReportImportCursor,
  ReportImportFilter,
  ReportImports,
  ReportImportSummary,
} from '../../application/ports/reconciliation.port.js';

interface SummaryRow {
  id: string;
  report_hash: string;
  imported_at: Date;
  actor: Actor;
  lines: number;
  repeat_of: { importacion: string; importadoEn: string } | null;
  value_dates: string[];
  reconciled: number;
  already: number;
  mismatches: number;
  findings: number | null;
}

// The counts the columns do not keep are read from the recorded answer. Every readable line is in exactly one of
// conciliados, yaConciliados and diferencias, with its fecha; an unreadable one (linea_invalida) has none.
// An answer recorded before observaciones existed has none: its count is null, not 0 (the day was not compared).
const SUMMARY = `
  SELECT id, report_hash, imported_at, actor, lines, reconciled, mismatches,
         jsonb_array_length(result->'yaConciliados') AS already,
         CASE WHEN result ? 'observaciones' THEN jsonb_array_length(result->'observaciones') END AS findings,
         result->'repetidoDe' AS repeat_of,
         ARRAY(SELECT DISTINCT line->>'fecha'
                 FROM jsonb_array_elements((result->'conciliados') || (result->'yaConciliados') || (result->'diferencias')) AS line
                WHERE line->>'fecha' IS NOT NULL
                ORDER BY 1) AS value_dates
    FROM settlement_report_imports`;
const WITH_FINDINGS = "(mismatches > 0 OR COALESCE(jsonb_array_length(result->'observaciones'), 0) > 0)";

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

  async reconciledIn(reportHash: string): Promise<Set<string>> {
    const rows: Array<{ charge_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT line->>'pagoId' AS charge_id
         FROM settlement_report_imports, jsonb_array_elements(result->'conciliados') AS line
        WHERE report_hash = $1`,
      [reportHash],
    );
    return new Set(rows.map((row) => row.charge_id));
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

  async list(filter: ReportImportFilter, after: ReportImportCursor | null, limit: number): Promise<ReportImportSummary[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (after) {
      params.push(after.importedAt, after.id);
      where.push('(imported_at, id) < ($1::timestamptz, $2::uuid)');
    }
    if (filter.withFindings) where.push(WITH_FINDINGS);
    params.push(limit);
    const rows: SummaryRow[] = await this.dataSource.query(
      `${SUMMARY} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY imported_at DESC, id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map((row) => ({
      id: row.id,
      reportHash: row.report_hash,
      importedAt: row.imported_at.toISOString(),
      actor: row.actor,
      lines: row.lines,
      repeatOf: row.repeat_of,
      valueDates: row.value_dates,
      reconciled: row.reconciled,
      alreadyReconciled: row.already,
      mismatches: row.mismatches,
      findings: row.findings,
    }));
  }

  async result(id: string): Promise<ReconciliationResult | null> {
    const rows: Array<{ result: ReconciliationResult }> = await this.dataSource.query(
      'SELECT result FROM settlement_report_imports WHERE id = $1',
      [id],
    );
    return rows[0]?.result ?? null;
  }
}
