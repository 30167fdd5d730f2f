import { Query } from '@nestjs/cqrs';
import type { ReportImportCursor, ReportImportFilter, ReportImportSummary } from '../ports/reconciliation.port.js';

export interface ReportImportPage {
  data: ReportImportSummary[];
  next: ReportImportCursor | null;
}

/** One page of the settlement report imports, newest first: what each found, for the operator and the auditor. */
export class ListReportImportsQuery extends Query<ReportImportPage> {
  constructor(
    readonly filter: ReportImportFilter,
    readonly after: ReportImportCursor | null,
    readonly limit: number,
  ) {
    super();
  }
}
