// The sandbox provider's own server (SANDBOX_PORT): plays a Colombian processor, reached over HTTP like a real one.
import { Module, type DynamicModule } from '@nestjs/common';
import { InfrastructureModule, type Infrastructure } from '../../../kernel/infrastructure.module.js';

@Module({})
export class SandboxProviderModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: SandboxProviderModule,
      imports: [InfrastructureModule.forRoot(infra)],
    };
  }
}
