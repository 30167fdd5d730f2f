// The hosted page's state: the charge (folded from its stream), the merchant's name and return page, and, while
// nothing is recorded yet, the provider's latest attempt (a PSE debit at the bank, a payment being decided).
import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandBus, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { GetMerchant } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { IssueCashVoucherCommand } from '../../../payments/application/issue-cash-voucher/issue-cash-voucher.command.js';
import {
  PAYMENT_PROVIDER,
  ProviderRefused,
  ProviderUnavailable,
  providerRefusal,
  providerSilence,
  type PaymentAttempt,
  type PaymentProvider,
} from '../../../payments/application/ports/provider.port.js';
import { checkoutScreen, type Screen } from '../../domain/checkout-screen.js';
import { CHECKOUT_ACTOR, CheckoutCharges } from '../checkout-charges.js';
import { PAGE_503 } from '../provider-errors.js';
import { ViewCheckoutQuery, type CheckoutSnapshot } from './view-checkout.query.js';

@QueryHandler(ViewCheckoutQuery)
export class ViewCheckoutHandler implements IQueryHandler<ViewCheckoutQuery, CheckoutSnapshot> {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly checkout: CheckoutCharges,
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token }: ViewCheckoutQuery): Promise<CheckoutSnapshot> {
    let charge = await this.checkout.byToken(token);
    const merchant = await this.queries.execute(new GetMerchant(charge.merchantId));
    let attempt: PaymentAttempt | null = null;
    let unavailable = false;
    if (charge.estado === 'pendiente' && !charge.voucher && charge.providerSessionId) {
      try {
        attempt = (await this.provider.sessionStatus(charge.providerSessionId)).attempt;
      } catch (error) {
        if (!(error instanceof ProviderUnavailable) && !(error instanceof ProviderRefused)) throw error;
        if (error instanceof ProviderUnavailable) this.logger.warn(providerSilence(`charge ${charge.id}: payment status`, error, PAGE_503));
        else this.logger.error(providerRefusal(`charge ${charge.id}: payment status`, error, PAGE_503));
        unavailable = true;
      }
      if (attempt?.method === 'efectivo' && attempt.status === 'started') {
        // The provider issued a voucher that a cut-short request did not record: record it now (same voucher).
        charge = await this.commands.execute(new IssueCashVoucherCommand(charge.id, CHECKOUT_ACTOR, randomUUID()));
        attempt = null;
      }
    }
    if (charge.estado === 'pendiente' && charge.voucher && charge.providerSessionId) attempt = await this.paidVoucher(charge.providerSessionId);
    const now = this.clock.now();
    const screen: Screen = unavailable ? { kind: 'unavailable' } : checkoutScreen(charge, attempt, now);
    return {
      token,
      charge,
      merchantName: merchant?.nombre ?? '',
      returnUrl: charge.urlRetorno ?? merchant?.registroWeb?.urlRetorno ?? null,
      screen,
      now,
    };
  }

  /**
   * The voucher's attempt when the network already took the money (or the provider decided it otherwise) and the
   * notice is not here yet: the buyer holding a receipt must not be shown the voucher, or told it expired unpaid.
   * A provider that cannot be asked leaves the voucher as recorded (the buyer can still read and print it).
   */
  private async paidVoucher(sessionId: string): Promise<PaymentAttempt | null> {
    try {
      const { attempt } = await this.provider.sessionStatus(sessionId);
      return attempt?.method === 'efectivo' && (attempt.status === 'approved' || attempt.status === 'declined') ? attempt : null;
    } catch (error) {
      if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) return null;
      throw error;
    }
  }
}
