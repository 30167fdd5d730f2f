// The checkout on the public listener: the hosted page (/checkout/{token}) and GET /v1/pagos/bancos.
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { BancosController } from './adapters/http/bancos.controller.js';
import { CheckoutFlash } from './adapters/http/checkout-flash.js';
import { CheckoutScreens } from './adapters/http/checkout-screens.js';
import { CheckoutController } from './adapters/http/checkout.controller.js';
import { CheckoutModule } from './checkout.module.js';

@Module({
  imports: [CheckoutModule, MerchantsModule],
  controllers: [BancosController, CheckoutController],
  providers: [CheckoutScreens, CheckoutFlash],
})
export class CheckoutHttpModule {}
