// The provider's refusals and silences, in the checkout's words.
import { FieldError } from '../../kernel/errors.js';
import { GatewayUnavailable } from '../../payments/application/errors.js';
import { ProviderRefused, ProviderUnavailable } from '../../payments/application/ports/provider.port.js';
import { PaymentNotOpen } from './errors.js';

export async function withProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new GatewayUnavailable();
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
        throw new GatewayUnavailable();
    }
  }
}
