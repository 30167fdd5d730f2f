// The operator listener (ADMIN_PORT, loopback by default): /internal/*, bearer OPERATOR_TOKEN on every route.
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { InfrastructureModule, type Infrastructure } from '../kernel/infrastructure.module.js';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { WebhooksOperatorModule } from '../webhooks/webhooks.module.js';
import { CheckoutOperatorModule } from '../checkout/checkout-operator.module.js';
import { ProviderOperatorModule } from '../provider/provider-operator.module.js';
import { SettlementOperatorModule } from '../settlement/settlement-http.module.js';
import { PaymentsOperatorModule } from '../payments/payments-operator.module.js';
import { AnomaliesController } from './adapters/http/anomalies.controller.js';
import { ChargeEventsController } from './adapters/http/charge-events.controller.js';
import { OperatorApiKeysController } from './adapters/http/operator-api-keys.controller.js';
import { OperatorMerchantsController } from './adapters/http/operator-merchants.controller.js';
import { OperatorPasswordResetController, OperatorPeopleController } from './adapters/http/operator-people.controller.js';
import { OperatorTokenGuard } from './adapters/http/operator-token.guard.js';
import { RebuildChargesController } from '../payments/adapters/http/rebuild-charges.controller.js';
import { SandboxOperatorController } from '../provider/adapters/http/sandbox-operator.controller.js';
import { GetChargeHistoryHandler } from './application/get-charge-history/get-charge-history.handler.js';
import { ReplayController } from './adapters/http/replay.controller.js';
import { ReplayJobs } from './adapters/replay/replay-jobs.js';

@Module({})
export class OperatorApiModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: OperatorApiModule,
      imports: [InfrastructureModule.forRoot(infra), CqrsModule.forRoot(), MerchantsModule, WebhooksOperatorModule, CheckoutOperatorModule, ProviderOperatorModule, SettlementOperatorModule, PaymentsOperatorModule],
      controllers: [OperatorMerchantsController, OperatorApiKeysController, ChargeEventsController, SandboxOperatorController, RebuildChargesController, OperatorPeopleController, OperatorPasswordResetController, AnomaliesController, ReplayController],
      // Global to this listener: a controller added here later is protected without remembering to.
      providers: [{ provide: APP_GUARD, useClass: OperatorTokenGuard }, GetChargeHistoryHandler, ReplayJobs],
    };
  }
}
