// The sandbox provider's own server (SANDBOX_PORT): plays a Colombian processor, reached over HTTP like a real one.
// Its API (/api, /control) is for the service; its pages (bank, card form, cash counter) are for buyers' browsers.
import { Module, type DynamicModule } from '@nestjs/common';
import { InfrastructureModule, type Infrastructure } from '../../../kernel/infrastructure.module.js';
import { SandboxAssetsController } from './sandbox-assets.controller.js';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxBankPageController } from './sandbox-bank-page.controller.js';
import { SandboxBehaviour, SandboxBehaviourInterceptor } from './sandbox-behaviour.js';
import { SandboxCardPageController } from './sandbox-card-page.controller.js';
import { SandboxCashNetworkController } from './sandbox-cash-network.controller.js';
import { SandboxControlController } from './sandbox-control.controller.js';
import { SandboxLedger } from './sandbox-ledger.js';
import { SandboxNotifier } from './sandbox-notifier.js';
import { SandboxPayments } from './sandbox-payments.js';
import { SandboxPaymentsApiController } from './sandbox-payments-api.controller.js';
import { SandboxSessionsRoute } from './sandbox-sessions.route.js';
import { SandboxSettlement } from './sandbox-settlement.js';
import { SandboxSettlementApiController } from './sandbox-settlement-api.controller.js';
import { SandboxTicker } from './sandbox-ticker.js';

@Module({})
export class SandboxProviderModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: SandboxProviderModule,
      imports: [InfrastructureModule.forRoot(infra)],
      controllers: [
        SandboxControlController,
        SandboxPaymentsApiController,
        SandboxBankPageController,
        SandboxCardPageController,
        SandboxCashNetworkController,
        SandboxAssetsController,
        SandboxSettlementApiController,
      ],
      providers: [SandboxSessionsRoute, SandboxBehaviour, SandboxBehaviourInterceptor, SandboxAuthGuard, SandboxLedger, SandboxNotifier, SandboxPayments, SandboxTicker, SandboxSettlement],
    };
  }
}
