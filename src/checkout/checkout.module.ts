// The checkout context: the buyer-facing hosted page's use cases, the PSE bank list, the own-checkout switch.
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { PostgresCheckoutLookup } from './adapters/persistence/postgres.checkout-lookup.js';
import { PostgresOwnCheckoutSettings } from './adapters/persistence/postgres.own-checkout-settings.js';
import { CheckoutCharges } from './application/checkout-charges.js';
import { ChooseCashHandler } from './application/choose-cash/choose-cash.handler.js';
import { ListBanksHandler } from './application/list-banks/list-banks.handler.js';
import { OpenCardFormHandler } from './application/open-card-form/open-card-form.handler.js';
import { PayByCardHandler } from './application/pay-by-card/pay-by-card.handler.js';
import { CHECKOUT_LOOKUP } from './application/ports/checkout-lookup.port.js';
import { OWN_CHECKOUT_SETTINGS } from './application/ports/own-checkout-settings.port.js';
import { SetOwnCheckoutHandler } from './application/set-own-checkout/set-own-checkout.handler.js';
import { StartPsePaymentHandler } from './application/start-pse-payment/start-pse-payment.handler.js';
import { ViewCheckoutHandler } from './application/view-checkout/view-checkout.handler.js';

const commandHandlers = [StartPsePaymentHandler, PayByCardHandler, ChooseCashHandler, SetOwnCheckoutHandler];
const queryHandlers = [ViewCheckoutHandler, ListBanksHandler, OpenCardFormHandler];
const repositories = [
  { provide: CHECKOUT_LOOKUP, useClass: PostgresCheckoutLookup },
  { provide: OWN_CHECKOUT_SETTINGS, useClass: PostgresOwnCheckoutSettings },
];

@Module({
  imports: [PaymentsModule, MerchantsModule],
  providers: [CheckoutCharges, ...commandHandlers, ...queryHandlers, ...repositories],
  exports: [PaymentsModule],
})
export class CheckoutModule {}
