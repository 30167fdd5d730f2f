// The one place that says which provider adapter the service uses.
import { Module } from '@nestjs/common';
import { PAYMENT_PROVIDER } from '../payments/application/ports/provider.port.js';
import { SandboxProvider } from './adapters/sandbox/sandbox.provider.js';

@Module({
  providers: [{ provide: PAYMENT_PROVIDER, useClass: SandboxProvider }],
  exports: [PAYMENT_PROVIDER],
})
export class ProviderModule {}
