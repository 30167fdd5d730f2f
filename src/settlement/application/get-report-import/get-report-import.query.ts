import { Query } from '@nestjs/cqrs';
import type { ReconciliationResult } from '../import-settlement-report/import-settlement-report.command.js';

/** The answer a settlement report import gave, as recorded then; null for an unknown import. */
export class GetReportImportQuery extends Query<ReconciliationResult | null> {
  constructor(readonly id: string) {
    super();
  }
}
