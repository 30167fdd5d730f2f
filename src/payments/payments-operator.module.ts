// The payments context's operator routes (ADMIN_PORT): refunds (their handler lives in PaymentsModule, which the
// worker's sweep of unrecorded refunds shares).
import { Module } from '@nestjs/common';
import { RefundController } from './adapters/http/refund.controller.js';
import { PaymentsModule } from './payments.module.js';

@Module({
  imports: [PaymentsModule],
  controllers: [RefundController],
})
export class PaymentsOperatorModule {}
