// The public listener (PORT): the merchant API under /v1, the API docs, and (later) the checkout and the portal.
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { InfrastructureModule, type Infrastructure } from './kernel/infrastructure.module.js';
import { MerchantsHttpModule } from './merchants/adapters/http/merchants-http.module.js';
import { PaymentsHttpModule } from './payments/payments-http.module.js';
import { WebhooksHttpModule } from './webhooks/webhooks.module.js';
import { CheckoutHttpModule } from './checkout/checkout-http.module.js';
import { ProviderHttpModule } from './provider/provider-http.module.js';
import { PortalModule } from './portal/portal.module.js';
import { SettlementHttpModule } from './settlement/settlement-http.module.js';
import { ChargeStatsModule } from './payments/charge-stats.module.js';
import { BenchBaselineModule } from './bench/bench-baseline.module.js';

@Module({})
export class PublicApiModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: PublicApiModule,
      imports: [InfrastructureModule.forRoot(infra), CqrsModule.forRoot(), MerchantsHttpModule, CheckoutHttpModule, PaymentsHttpModule, WebhooksHttpModule, ProviderHttpModule, SettlementHttpModule, ChargeStatsModule, PortalModule,
        ...(infra.config.benchBaseline ? [BenchBaselineModule] : [])],
    };
  }
}
