// The port to the processing provider. The provider is never named in a merchant response (spec, "What the
// service does"), so nothing it returns leaves the service except through our own URLs.

export const PAYMENT_PROVIDER = Symbol('PaymentProvider');

export interface OpenSessionRequest {
  /** Also the provider's idempotency key: asking twice for one charge opens one session. */
  chargeId: string;
  merchantId: string;
  monto: number;
  moneda: 'COP' | 'USD';
  referencia: string;
  descripcion: string | null;
}

export interface PaymentSession {
  sessionId: string;
}

/** The provider did not answer in time or could not be reached: the outcome is unknown, not failed. */
export class ProviderUnavailable extends Error {
  constructor(reason: string) {
    super(`Payment provider unavailable: ${reason}`);
    this.name = 'ProviderUnavailable';
  }
}

export interface PaymentProvider {
  openSession(request: OpenSessionRequest): Promise<PaymentSession>;
}
