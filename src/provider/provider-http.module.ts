// The provider's door on the public listener: its signed server-to-server notices.
import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { ProviderNoticesController } from './adapters/http/provider-notices.controller.js';

@Module({
  imports: [PaymentsModule],
  controllers: [ProviderNoticesController],
})
export class ProviderHttpModule {}
