import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PROVIDER_REPORTS, type ProviderReports } from '../ports/reconciliation.port.js';
import { GetProviderReportQuery } from './get-provider-report.query.js';

@QueryHandler(GetProviderReportQuery)
export class GetProviderReportHandler implements IQueryHandler<GetProviderReportQuery, string> {
  constructor(@Inject(PROVIDER_REPORTS) private readonly reports: ProviderReports) {}

  execute({ valueDate }: GetProviderReportQuery): Promise<string> {
    return this.reports.reportOf(valueDate);
  }
}
