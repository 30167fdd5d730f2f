// The background role (ROLE=worker or all): projectors and, later, the webhook dispatcher.
import { Module, type DynamicModule } from '@nestjs/common';
import { InfrastructureModule, type Infrastructure } from './kernel/infrastructure.module.js';
import { ChargesProjector } from './payments/adapters/projections/charges.projector.js';

@Module({})
export class WorkerModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: WorkerModule,
      imports: [InfrastructureModule.forRoot(infra)],
      providers: [ChargesProjector],
    };
  }
}
