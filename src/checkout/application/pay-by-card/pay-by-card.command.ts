import { Command } from '@nestjs/cqrs';

/** The provider's card form posted its token to our page (the card number stayed on the provider's origin). */
export class PayByCardCommand extends Command<void> {
  constructor(
    readonly token: string,
    readonly cardToken: string,
    /** Cuotas as posted (credit cards only). */
    readonly installments: string | undefined,
  ) {
    super();
  }
}
