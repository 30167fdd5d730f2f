// The operator listener (ADMIN_PORT, loopback by default): /internal/*, bearer OPERATOR_TOKEN on every route.
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { InfrastructureModule, type Infrastructure } from '../kernel/infrastructure.module.js';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { ChargeEventsController } from './adapters/http/charge-events.controller.js';
import { OperatorApiKeysController } from './adapters/http/operator-api-keys.controller.js';
import { OperatorMerchantsController } from './adapters/http/operator-merchants.controller.js';
import { OperatorPeopleController } from './adapters/http/operator-people.controller.js';
import { OperatorTokenGuard } from './adapters/http/operator-token.guard.js';
import { RebuildChargesController } from '../payments/adapters/http/rebuild-charges.controller.js';
import { SandboxOperatorController } from '../provider/adapters/http/sandbox-operator.controller.js';
import { GetChargeHistoryHandler } from './application/get-charge-history/get-charge-history.handler.js';

@Module({})
export class OperatorApiModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: OperatorApiModule,
      imports: [InfrastructureModule.forRoot(infra), CqrsModule.forRoot(), MerchantsModule],
      controllers: [OperatorMerchantsController, OperatorApiKeysController, ChargeEventsController, SandboxOperatorController, RebuildChargesController, OperatorPeopleController],
      // Global to this listener: a controller added here later is protected without remembering to.
      providers: [{ provide: APP_GUARD, useClass: OperatorTokenGuard }, GetChargeHistoryHandler],
    };
  }
}
