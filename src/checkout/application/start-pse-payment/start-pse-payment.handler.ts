// PSE from the hosted page as a sentence: the charge takes a payment, the payer's data is valid and the bank is on
// the list, the provider starts the debit and answers its bank's page; the bank sends the buyer back to our page.
import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { FieldError } from '../../../kernel/errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import { checkPagador } from '../../domain/pagador.js';
import { CheckoutCharges } from '../checkout-charges.js';
import { ListBanksQuery } from '../list-banks/list-banks.query.js';
import { SENT_BACK, withProvider } from '../provider-errors.js';
import { StartPsePaymentCommand } from './start-pse-payment.command.js';

@CommandHandler(StartPsePaymentCommand)
export class StartPsePaymentHandler implements ICommandHandler<StartPsePaymentCommand, { redirectUrl: string }> {
  constructor(
    private readonly checkout: CheckoutCharges,
    private readonly queries: QueryBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ token, form }: StartPsePaymentCommand): Promise<{ redirectUrl: string }> {
    const charge = await this.checkout.payable(token);
    const check = checkPagador(form, '');
    if (!check.ok) throw new FieldError(check.fieldErrors);
    const banks = await this.queries.execute(new ListBanksQuery());
    if (!banks.some((bank) => bank.codigo === check.pagador.banco)) throw FieldError.of('banco', 'unknown bank');
    return withProvider({ chargeId: charge.id, attempt: 'PSE debit', answered: SENT_BACK }, () =>
      this.provider.startPse({
        sessionId: charge.providerSessionId,
        payer: check.pagador,
        returnUrl: this.checkout.pageUrl(token),
        ownCheckout: false,
      }),
    );
  }
}
