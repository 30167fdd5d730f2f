// The merchant API's account and people routes on the public listener.
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../../merchants.module.js';
import { MerchantsController } from './merchants.controller.js';
import { PeopleController } from './people.controller.js';

@Module({
  imports: [MerchantsModule],
  controllers: [MerchantsController, PeopleController],
})
export class MerchantsHttpModule {}
