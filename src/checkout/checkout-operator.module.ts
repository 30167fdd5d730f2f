// The checkout's operator route (ADMIN_PORT): the own-checkout switch per merchant.
import { Module } from '@nestjs/common';
import { OwnCheckoutOperatorController } from './adapters/http/own-checkout.operator.controller.js';
import { CheckoutModule } from './checkout.module.js';

@Module({
  imports: [CheckoutModule],
  controllers: [OwnCheckoutOperatorController],
})
export class CheckoutOperatorModule {}
