// The provider's refusals and silences, in the checkout's words. A silence is logged (one line, as the create path's
// 503 is): the buyer is told to try again, and the operator must find why. A refusal that is the buyer's (a bad card
// token, an unknown bank) is not a provider problem and is not logged.
import { Logger } from '@nestjs/common';
import { FieldError } from '../../kernel/errors.js';
import { GatewayUnavailable } from '../../payments/application/errors.js';
import { ProviderRefused, ProviderUnavailable, providerRefusal, providerSilence } from '../../payments/application/ports/provider.port.js';
import { PaymentNotOpen } from './errors.js';

const logger = new Logger('Checkout');

/** What the buyer met when the provider was silent: a post goes back to the page, a panel is the 503 page. */
export const SENT_BACK = 'the buyer was sent back to the checkout page';
export const PAGE_503 = 'the checkout page answered 503 (try again)';

/** What the checkout asked of the provider, for the log line of a silence: the charge id and the attempt's name. */
export interface ProviderCall {
  chargeId: string;
  attempt: string;
  answered: string;
}

export async function withProvider<T>(what: ProviderCall, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      logger.warn(providerSilence(`charge ${what.chargeId}: ${what.attempt}`, error, what.answered));
      throw new GatewayUnavailable();
    }
    if (!(error instanceof ProviderRefused)) throw error;
    switch (error.reason) {
      case 'payment_final':
        throw new PaymentNotOpen('final');
      case 'payment_in_progress':
        throw new PaymentNotOpen('in_progress');
      case 'unknown_bank':
        throw FieldError.of('banco', 'unknown bank');
      case 'invalid_installments':
        throw FieldError.of('cuotas', error.message);
      case 'invalid_card_token':
        throw FieldError.of('tokenTarjeta', error.message);
      default:
        logger.error(providerRefusal(`charge ${what.chargeId}: ${what.attempt}`, error, what.answered));
        throw new GatewayUnavailable();
    }
  }
}
