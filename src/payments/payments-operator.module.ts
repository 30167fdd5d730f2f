// The payments context's operator routes (ADMIN_PORT): refunds.
import { Module } from '@nestjs/common';
import { RefundController } from './adapters/http/refund.controller.js';
import { RefundChargeHandler } from './application/refund-charge/refund-charge.handler.js';
import { PaymentsModule } from './payments.module.js';

@Module({
  imports: [PaymentsModule],
  controllers: [RefundController],
  providers: [RefundChargeHandler],
})
export class PaymentsOperatorModule {}
