// The operator listener (ADMIN_PORT, loopback by default): /internal/*, bearer OPERATOR_TOKEN.
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { InfrastructureModule, type Infrastructure } from '../kernel/infrastructure.module.js';

@Module({})
export class OperatorApiModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: OperatorApiModule,
      imports: [InfrastructureModule.forRoot(infra), CqrsModule.forRoot()],
    };
  }
}
