// What reconciliation needs outside its domain: the provider references read model, the charge's move to
// conciliado (in the payments context), and the record of imports.
import type { Actor } from '../../../kernel/actor.js';
import type { Estado } from '../../../payments/domain/charge.js';

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

export interface ReportImports {
  /**
   * Runs `work` while no other import of the same report runs, in any process: two operators (or a retried CLI)
   * importing one report at once would both find no earlier import and both answer as the first.
   */
  alone<T>(reportHash: string, work: () => Promise<T>): Promise<T>;
  /** The first import of a report with this hash, if any. */
  first(reportHash: string): Promise<{ id: string; importedAt: string } | null>;
  record(entry: ReportImport): Promise<void>;
}

export interface ProviderReports {
  /** The provider's settlement report of a value date (Bogota), as CSV. */
  reportOf(valueDate: string): Promise<string>;
}
