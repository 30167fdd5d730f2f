// The settlement context: liquidación of charges, merchants' tariffs, the retefuente table, reconciliation. Its HTTP parts are split
// by listener: SettlementHttpModule (merchant API) and SettlementOperatorModule (operator API).
import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { StreamChargeFacts } from './adapters/charges/stream.charge-facts.js';
import { PostgresRetefuenteRates } from './adapters/persistence/postgres.retefuente-rates.js';
import { PostgresTariffs } from './adapters/persistence/postgres.tariffs.js';
import { GetSettlementHandler } from './application/get-settlement/get-settlement.handler.js';
import { GetTariffHandler } from './application/get-tariff/get-tariff.handler.js';
import { ListRetefuenteRatesHandler } from './application/list-retefuente-rates/list-retefuente-rates.handler.js';
import { CHARGE_FACTS } from './application/ports/charge-facts.port.js';
import { RETEFUENTE_RATES, TARIFFS } from './application/ports/tariffs.port.js';
import { SetRetefuenteRateHandler } from './application/set-retefuente-rate/set-retefuente-rate.handler.js';
import { SetTariffHandler } from './application/set-tariff/set-tariff.handler.js';
import { ImportSettlementReportHandler } from './application/import-settlement-report/import-settlement-report.handler.js';
import { CHARGE_RECONCILIATION, PROVIDER_REFERENCES, PROVIDER_REPORTS, REPORT_IMPORTS } from './application/ports/reconciliation.port.js';
import { StreamChargeReconciliation } from './adapters/charges/stream.charge-reconciliation.js';
import { PostgresProviderReferences } from './adapters/persistence/postgres.provider-references.js';
import { PostgresReportImports } from './adapters/persistence/postgres.report-imports.js';
import { ProviderSettlementReports } from './adapters/provider/provider.settlement-reports.js';
import { GetProviderReportHandler } from './application/get-provider-report/get-provider-report.handler.js';
import { GetReportImportHandler } from './application/get-report-import/get-report-import.handler.js';
import { ListReportImportsHandler } from './application/list-report-imports/list-report-imports.handler.js';

const commandHandlers = [SetTariffHandler, SetRetefuenteRateHandler, ImportSettlementReportHandler];
const queryHandlers = [GetSettlementHandler, GetTariffHandler, ListRetefuenteRatesHandler, GetProviderReportHandler, ListReportImportsHandler, GetReportImportHandler];
const adapters = [
  { provide: CHARGE_FACTS, useClass: StreamChargeFacts },
  { provide: TARIFFS, useClass: PostgresTariffs },
  { provide: RETEFUENTE_RATES, useClass: PostgresRetefuenteRates },
  { provide: PROVIDER_REFERENCES, useClass: PostgresProviderReferences },
  { provide: CHARGE_RECONCILIATION, useClass: StreamChargeReconciliation },
  { provide: REPORT_IMPORTS, useClass: PostgresReportImports },
  { provide: PROVIDER_REPORTS, useClass: ProviderSettlementReports },
];

@Module({
  imports: [PaymentsModule],
  providers: [...commandHandlers, ...queryHandlers, ...adapters],
})
export class SettlementModule {}
