import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { PagosController } from './adapters/http/pagos.controller.js';
import { PaymentsModule } from './payments.module.js';

@Module({
  imports: [PaymentsModule, MerchantsModule],
  controllers: [PagosController],
})
export class PaymentsHttpModule {}
