// The provider's operator routes (ADMIN_PORT): the sandbox's scripted decisions.
import { Module } from '@nestjs/common';
import { SandboxPaymentsOperatorController } from './adapters/http/sandbox-payments.operator.controller.js';

@Module({
  controllers: [SandboxPaymentsOperatorController],
})
export class ProviderOperatorModule {}
