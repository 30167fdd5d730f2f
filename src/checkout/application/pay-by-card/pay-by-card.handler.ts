// A card payment: the provider charges the token and notifies the gateway (signed); that notice, not this answer,
// moves the charge. The page then shows whatever the charge has become.
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FieldError } from '../../../kernel/errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import { CheckoutCharges } from '../checkout-charges.js';
import { SENT_BACK, withProvider } from '../provider-errors.js';
import { PayByCardCommand } from './pay-by-card.command.js';

@CommandHandler(PayByCardCommand)
export class PayByCardHandler implements ICommandHandler<PayByCardCommand, void> {
  constructor(
    private readonly checkout: CheckoutCharges,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ token, cardToken, installments }: PayByCardCommand): Promise<void> {
    // The link first: a form posted to a link of no charge is the missing page, whatever it holds (not a 303 back to
    // a page that does not exist, leaving a cookie for it).
    const charge = await this.checkout.payable(token);
    if (!/^[\w-]{1,100}$/.test(cardToken)) throw FieldError.of('tokenTarjeta', 'missing card token');
    const cuotas = installments !== undefined && /^\d{1,2}$/.test(installments) ? Number(installments) : null;
    await withProvider({ chargeId: charge.id, attempt: 'card payment', answered: SENT_BACK }, () => this.provider.payByCard({ sessionId: charge.providerSessionId, cardToken, installments: cuotas }));
  }
}
