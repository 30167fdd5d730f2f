// The public listener (PORT): the merchant API under /v1, the API docs, and (later) the checkout and the portal.
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { InfrastructureModule, type Infrastructure } from './kernel/infrastructure.module.js';
import { MerchantsHttpModule } from './merchants/adapters/http/merchants-http.module.js';
import { PaymentsHttpModule } from './payments/payments-http.module.js';

@Module({})
export class PublicApiModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: PublicApiModule,
      imports: [InfrastructureModule.forRoot(infra), CqrsModule.forRoot(), MerchantsHttpModule, PaymentsHttpModule],
    };
  }
}
