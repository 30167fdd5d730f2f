// The payments context: charges, their commands and queries, and the adapters the module file chooses.
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { ProviderModule } from '../provider/provider.module.js';
import { ChargeStream } from './application/charge-stream.js';
import { CreateChargeHandler } from './application/create-charge/create-charge.handler.js';
import { GetChargeHandler } from './application/get-charge/get-charge.handler.js';
import { ListChargesHandler } from './application/list-charges/list-charges.handler.js';
import { OpenCheckout } from './application/open-checkout.js';
import { FinishStaleCharges } from './application/finish-stale-charges/finish-stale-charges.js';
import { CHARGE_CREATION } from './application/ports/charge-creation.port.js';
import { CHARGE_VIEWS } from './application/ports/charge-views.port.js';
import { PostgresChargeCreation } from './adapters/persistence/postgres.charge-creation.js';
import { PostgresChargeViews } from './adapters/persistence/postgres.charge-views.js';
import { ApplyProviderOutcomeHandler } from './application/apply-provider-outcome/apply-provider-outcome.handler.js';
import { IssueCashVoucherHandler } from './application/issue-cash-voucher/issue-cash-voucher.handler.js';
import { ListAnomaliesHandler } from './application/list-anomalies/list-anomalies.handler.js';
import { OwnCheckout } from './application/create-charge/own-checkout.js';
import { PAYMENT_ANOMALIES } from './application/ports/payment-anomalies.port.js';
import { PostgresPaymentAnomalies } from './adapters/anomalies/postgres.payment-anomalies.js';
import { RefundChargeHandler } from './application/refund-charge/refund-charge.handler.js';
import { FinishUnrecordedRefunds } from './application/finish-unrecorded-refunds/finish-unrecorded-refunds.js';
import { REFUND_REQUESTS } from './application/ports/refund-requests.port.js';
import { PostgresRefundRequests } from './adapters/persistence/postgres.refund-requests.js';

@Module({
  imports: [MerchantsModule, ProviderModule],
  providers: [
    ChargeStream,
    OpenCheckout,
    FinishStaleCharges,
    CreateChargeHandler,
    GetChargeHandler,
    ListChargesHandler,
    { provide: CHARGE_CREATION, useClass: PostgresChargeCreation },
    { provide: CHARGE_VIEWS, useClass: PostgresChargeViews },
    // Paying: provider notices (and the anomalies they may leave), cash vouchers, own checkout (issue 3).
    ApplyProviderOutcomeHandler,
    IssueCashVoucherHandler,
    ListAnomaliesHandler,
    OwnCheckout,
    { provide: PAYMENT_ANOMALIES, useClass: PostgresPaymentAnomalies },
    // Refunds: the operator asks for them (PaymentsOperatorModule's route); the worker finishes one left unrecorded.
    RefundChargeHandler,
    FinishUnrecordedRefunds,
    { provide: REFUND_REQUESTS, useClass: PostgresRefundRequests },
  ],
  exports: [ChargeStream, FinishStaleCharges, FinishUnrecordedRefunds, OpenCheckout, ProviderModule],
})
export class PaymentsModule {}
