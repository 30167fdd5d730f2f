// What reconciliation needs outside its domain: the provider references read model, the charge's move to
// conciliado (in the payments context), and the record of imports.
import type { Actor } from '../../../kernel/actor.js';
import type { Estado } from '../../../payments/domain/charge.js';
import type { ReconciliationResult } from '../import-settlement-report/import-settlement-report.command.js';

export const PROVIDER_REFERENCES = Symbol('ProviderReferences');
export const CHARGE_RECONCILIATION = Symbol('ChargeReconciliation');
export const REPORT_IMPORTS = Symbol('ReportImports');
export const PROVIDER_REPORTS = Symbol('ProviderReports');

export interface ProviderReferences {
  /** The charge of each known reference; unknown ones are absent. */
  chargesOf(references: readonly string[]): Promise<Map<string, string>>;
}

export interface ReconcileRequest {
  chargeId: string;
  reportId: string;
  valueDate: string;
  correlationId: string;
  actor: Actor;
}

/** reconciled: moved now; already: it was conciliado; otherwise the estado that refused it (a race with a refund). */
export type ReconcileOutcome = { kind: 'reconciled' } | { kind: 'already' } | { kind: 'refused'; estado: Estado };

export interface ChargeReconciliation {
  reconcile(request: ReconcileRequest): Promise<ReconcileOutcome>;
  /** The report (its id, `sha256:...`) whose import moved the charge to conciliado; null if none did. */
  reconciledBy(chargeId: string): Promise<string | null>;
}

export interface ReportImport {
  id: string;
  reportHash: string;
  importedAt: Date;
  actor: Actor;
  lines: number;
  reconciled: number;
  mismatches: number;
  result: unknown;
}

/** One recorded import as a listing shows it: who, when, the report, and how many lines fell where. */
export interface ReportImportSummary {
  id: string;
  reportHash: string;
  importedAt: string;
  actor: Actor;
  lines: number;
  /** The first import of the same report, when this one repeated it. */
  repeatOf: { importacion: string; importadoEn: string } | null;
  /** The distinct value dates of the report's readable lines, in order. */
  valueDates: string[];
  reconciled: number;
  alreadyReconciled: number;
  mismatches: number;
  /** null: recorded before the day of a line was compared (the result has no observaciones). */
  findings: number | null;
}

/** Where a page of imports ended: newest first, by time and then id. */
export interface ReportImportCursor {
  importedAt: string;
  id: string;
}

export interface ReportImportFilter {
  /** Only imports with a line in diferencias or in observaciones. */
  withFindings: boolean;
}

export interface ReportImports {
  /**
   * Runs `work` while no other import of the same report runs, in any process: two operators (or a retried CLI)
   * importing one report at once would both find no earlier import and both answer as the first.
   */
  alone<T>(reportHash: string, work: () => Promise<T>): Promise<T>;
  /** The first import of a report with this hash, if any. */
  first(reportHash: string): Promise<{ id: string; importedAt: string } | null>;
  /** The charges the recorded imports of a report with this hash answered in `conciliados`. */
  reconciledIn(reportHash: string): Promise<Set<string>>;
  record(entry: ReportImport): Promise<void>;
  /** Up to `limit` imports after `after`, newest first. */
  list(filter: ReportImportFilter, after: ReportImportCursor | null, limit: number): Promise<ReportImportSummary[]>;
  /** The answer an import gave, as it was recorded; null for an unknown id. */
  result(id: string): Promise<ReconciliationResult | null>;
}

export interface ProviderReports {
  /** The provider's settlement report of a value date (Bogota), as CSV. */
  reportOf(valueDate: string): Promise<string>;
}
