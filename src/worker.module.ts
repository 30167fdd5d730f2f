// The background role (ROLE=worker or all): the read models' projector, the workers and the webhook dispatcher.
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { InfrastructureModule, type Infrastructure } from './kernel/infrastructure.module.js';
import { StaleChargesWorker } from './payments/adapters/workers/stale-charges.worker.js';
import { PaymentsModule } from './payments/payments.module.js';
import { WebhooksWorkerModule } from './webhooks/webhooks.module.js';
import { CashVoucherExpiryWorker } from './payments/adapters/cash-vouchers/cash-voucher-expiry.worker.js';
import { ReadModelsProjector } from './read-models.projector.js';

@Module({})
export class WorkerModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: WorkerModule,
      imports: [InfrastructureModule.forRoot(infra), CqrsModule.forRoot(), PaymentsModule, WebhooksWorkerModule],
      providers: [ReadModelsProjector, StaleChargesWorker, CashVoucherExpiryWorker],
    };
  }
}
