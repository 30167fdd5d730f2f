import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { REPORT_IMPORTS, type ReportImports } from '../ports/reconciliation.port.js';
import { ListReportImportsQuery, type ReportImportPage } from './list-report-imports.query.js';

@QueryHandler(ListReportImportsQuery)
export class ListReportImportsHandler implements IQueryHandler<ListReportImportsQuery, ReportImportPage> {
  constructor(@Inject(REPORT_IMPORTS) private readonly imports: ReportImports) {}

  async execute({ filter, after, limit }: ListReportImportsQuery): Promise<ReportImportPage> {
    // One row more than asked tells whether another page exists.
    const rows = await this.imports.list(filter, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { data: page, next: rows.length > limit && last ? { importedAt: last.importedAt, id: last.id } : null };
  }
}
