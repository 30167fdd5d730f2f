import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import { CheckoutCharges } from '../checkout-charges.js';
import { PAGE_503, withProvider } from '../provider-errors.js';
import { OpenCardFormQuery } from './open-card-form.query.js';

@QueryHandler(OpenCardFormQuery)
export class OpenCardFormHandler implements IQueryHandler<OpenCardFormQuery, { frameUrl: string }> {
  constructor(
    private readonly checkout: CheckoutCharges,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ token }: OpenCardFormQuery): Promise<{ frameUrl: string }> {
    const charge = await this.checkout.payable(token);
    // The form posts the card's token (never its number) back to this page's card route.
    return withProvider({ chargeId: charge.id, attempt: 'card form', answered: PAGE_503 }, () =>
      this.provider.openCardForm({ sessionId: charge.providerSessionId, confirmUrl: `${this.checkout.pageUrl(token)}/tarjeta` }),
    );
  }
}
