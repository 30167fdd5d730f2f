// The payments context: charges, their commands and queries, and the adapters the module file chooses.
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { ProviderModule } from '../provider/provider.module.js';
import { ChargeStream } from './application/charge-stream.js';
import { CreateChargeHandler } from './application/create-charge/create-charge.handler.js';
import { GetChargeHandler } from './application/get-charge/get-charge.handler.js';
import { ListChargesHandler } from './application/list-charges/list-charges.handler.js';
import { OpenCheckout } from './application/open-checkout.js';
import { FinishStaleCharges } from './application/finish-stale-charges/finish-stale-charges.js';
import { CHARGE_CREATION } from './application/ports/charge-creation.port.js';
import { CHARGE_VIEWS } from './application/ports/charge-views.port.js';
import { PostgresChargeCreation } from './adapters/persistence/postgres.charge-creation.js';
import { PostgresChargeViews } from './adapters/persistence/postgres.charge-views.js';

@Module({
  imports: [MerchantsModule, ProviderModule],
  providers: [
    ChargeStream,
    OpenCheckout,
    FinishStaleCharges,
    CreateChargeHandler,
    GetChargeHandler,
    ListChargesHandler,
    { provide: CHARGE_CREATION, useClass: PostgresChargeCreation },
    { provide: CHARGE_VIEWS, useClass: PostgresChargeViews },
  ],
  exports: [ChargeStream, FinishStaleCharges],
})
export class PaymentsModule {}
