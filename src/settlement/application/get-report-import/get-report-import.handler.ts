import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReconciliationResult } from '../import-settlement-report/import-settlement-report.command.js';
import { REPORT_IMPORTS, type ReportImports } from '../ports/reconciliation.port.js';
import { GetReportImportQuery } from './get-report-import.query.js';

@QueryHandler(GetReportImportQuery)
export class GetReportImportHandler implements IQueryHandler<GetReportImportQuery, ReconciliationResult | null> {
  constructor(@Inject(REPORT_IMPORTS) private readonly imports: ReportImports) {}

  execute({ id }: GetReportImportQuery): Promise<ReconciliationResult | null> {
    return this.imports.result(id);
  }
}
