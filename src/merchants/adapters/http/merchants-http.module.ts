// The merchant API's account routes on the public listener.
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../../merchants.module.js';
import { MerchantsController } from './merchants.controller.js';

@Module({
  imports: [MerchantsModule],
  controllers: [MerchantsController],
})
export class MerchantsHttpModule {}
