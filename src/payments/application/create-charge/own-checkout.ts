// Own checkout (DESIGN.md 5.14): a charge created with `pagador` starts its PSE debit at once, so its checkoutUrl
// (ours, 6b) sends the buyer straight to the bank's page. Kept apart from the creation handler: it only adds
// checks before the claim and one provider call after the checkout is open.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Pagador } from '../../../checkout/domain/pagador.js';
import { ListBanksQuery } from '../../../checkout/application/list-banks/list-banks.query.js';
import type { Config } from '../../../kernel/config.js';
import { FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import type { MerchantView } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import type { Charge } from '../../domain/charge.js';
import { GatewayUnavailable, OwnCheckoutNotEnabled } from '../errors.js';
import { PAYMENT_PROVIDER, ProviderRefused, ProviderUnavailable, providerRefusal, providerSilence, type PaymentProvider } from '../ports/provider.port.js';
import type { ChargeRequest } from './create-charge.command.js';

/** The charge's own fields: the payer's data goes to the provider only, never into the charge's events. */
export function chargeFields(request: ChargeRequest): Omit<ChargeRequest, 'pagador'> {
  const { pagador: _payer, ...fields } = request;
  return fields;
}

@Injectable()
export class OwnCheckout {
  private readonly logger = new Logger('OwnCheckout');

  constructor(
    private readonly queries: QueryBus,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** 409 own_checkout_not_enabled without the mode; 400 on pagador.banco for a bank not on the PSE list. */
  async check(merchant: MerchantView, pagador: Pagador | undefined): Promise<void> {
    if (!pagador) return;
    if (!merchant.checkoutPropio) throw new OwnCheckoutNotEnabled();
    const banks = await this.queries.execute(new ListBanksQuery());
    if (!banks.some((bank) => bank.codigo === pagador.banco)) {
      throw FieldError.of('pagador.banco', 'banco must be the codigo of a bank from GET /v1/pagos/bancos');
    }
  }

  /** Starts the PSE debit (again, on a retried key: the provider answers the one already started). */
  async open(charge: Charge, pagador: Pagador | undefined): Promise<void> {
    if (!pagador || charge.estado !== 'pendiente' || !charge.providerSessionId || charge.voucher) return;
    try {
      await this.provider.startPse({
        sessionId: charge.providerSessionId,
        payer: pagador,
        returnUrl: `${this.config.publicBaseUrl}/checkout/${charge.checkoutToken}`,
        ownCheckout: true,
      });
    } catch (error) {
      // Already paid, or a payment under way: the checkoutUrl shows it; nothing to start.
      if (error instanceof ProviderRefused && (error.reason === 'payment_final' || error.reason === 'payment_in_progress')) return;
      if (error instanceof ProviderRefused && error.reason === 'unknown_bank') {
        throw FieldError.of('pagador.banco', 'banco must be the codigo of a bank from GET /v1/pagos/bancos');
      }
      if (error instanceof ProviderUnavailable) {
        this.logger.warn(providerSilence(`charge ${charge.id}: PSE debit`, error, 'answered 503, the retry with the same key starts it'));
        throw new GatewayUnavailable();
      }
      if (error instanceof ProviderRefused) {
        this.logger.error(providerRefusal(`charge ${charge.id}: PSE debit`, error, 'answered 503'));
        throw new GatewayUnavailable();
      }
      throw error;
    }
  }
}
