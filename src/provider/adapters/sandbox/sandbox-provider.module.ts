// The sandbox provider's own server (SANDBOX_PORT): plays a Colombian processor, reached over HTTP like a real one.
import { Module, type DynamicModule } from '@nestjs/common';
import { InfrastructureModule, type Infrastructure } from '../../../kernel/infrastructure.module.js';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxBehaviour } from './sandbox-behaviour.js';
import { SandboxControlController } from './sandbox-control.controller.js';
import { SandboxSessionsController } from './sandbox-sessions.controller.js';

@Module({})
export class SandboxProviderModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: SandboxProviderModule,
      imports: [InfrastructureModule.forRoot(infra)],
      controllers: [SandboxSessionsController, SandboxControlController],
      providers: [SandboxBehaviour, SandboxAuthGuard],
    };
  }
}
