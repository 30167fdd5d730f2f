import { Query } from '@nestjs/cqrs';

/** The provider's settlement report of a value date, as CSV (what POST /internal/conciliaciones takes). */
export class GetProviderReportQuery extends Query<string> {
  constructor(readonly valueDate: string) {
    super();
  }
}
