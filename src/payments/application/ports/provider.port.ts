// The port to the processing provider. The provider is never named in a merchant response (spec, "What the
// service does"), so nothing it returns leaves the service except through our own URLs.
import type { Pagador } from '../../../checkout/domain/pagador.js';
import type { PaymentMethod } from '../../domain/charge.events.js';

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

/** A PSE financial institution: its 4-digit ACH code and its name (DESIGN.md 5.13). */
export interface Bank {
  codigo: string;
  nombre: string;
}

/** Who pays by PSE: the bank debits this person's account (the rules live with the checkout). */
export type Payer = Pagador;

export interface StartPseRequest {
  sessionId: string;
  payer: Payer;
  /** Where the bank sends the buyer back when done: our checkout page, never the merchant's. */
  returnUrl: string;
  /** Own checkout (DESIGN.md 5.14): the merchant collected the payer's data; our page goes straight to the bank. */
  ownCheckout: boolean;
}

export interface CardFormRequest {
  sessionId: string;
  /** Our page that receives the card token (never the card number) once the buyer confirms. */
  confirmUrl: string;
}

export interface CardPaymentRequest {
  sessionId: string;
  /** The provider's token for the card the buyer typed in the provider's own form. */
  cardToken: string;
  /** Cuotas of a credit card (1-36); null for a debit card. */
  installments: number | null;
}

export interface IssuedCashVoucher {
  reference: string;
  agreementCode: string;
  networks: string[];
  expiresAt: string;
}

export type AttemptStatus = 'started' | 'processing' | 'approved' | 'declined' | 'cancelled';

/** The provider's latest attempt to pay a session, as the checkout needs to know it. */
export interface PaymentAttempt {
  method: PaymentMethod;
  status: AttemptStatus;
  /** Where the buyer continues (the bank's page of a started PSE payment); null otherwise. */
  redirectUrl: string | null;
  bankName: string | null;
  ownCheckout: boolean;
}

export interface SessionStatus {
  attempt: PaymentAttempt | null;
}

/** Where buyers' browsers meet the provider: the card frame's origin, and the origins payments redirect to. */
export interface BrowserOrigins {
  frames: string[];
  redirects: string[];
}

/** A refund is always of the whole amount (DESIGN.md section 4); the provider keys it by the session. */
export interface RefundRequest {
  sessionId: string;
  chargeId: string;
  monto: number;
}

export interface ProviderRefund {
  /** The provider's id of the refund: asking again for the same session answers the same one. */
  refundId: string;
}

/** The provider did not answer in time or could not be reached: the outcome is unknown, not failed. */
export class ProviderUnavailable extends Error {
  constructor(reason: string) {
    super(`Payment provider unavailable: ${reason}`);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * The one line an operator reads when the provider's silence made the service say "try again" (a 503, or the hosted
 * page sent back or answering 503): `about` names what was attempted and for what (`charge <id>: refund`, `bank list`,
 * `settlement report of <date>`), the error its cause (no answer within N ms, a refused connection, a 5xx), `answered`
 * what the caller was told. Nothing else goes in: never a session id, token, secret, amount or anything of the buyer's
 * (docs/decisions.md, "Logs"). Logged at warn, once per occurrence, by whoever turns the silence into its answer.
 */
export function providerSilence(about: string, error: ProviderUnavailable, answered: string): string {
  return `${about}: ${error.message}; ${answered}`;
}

/**
 * The line of a refusal the service cannot put to the caller (none of the buyer's mistakes it maps to a field): the
 * caller hears "try again" as for a silence, so the operator reads why, at error. Only the refusal's reason code, not
 * the provider's message (its words are not ours to log).
 */
export function providerRefusal(about: string, error: ProviderRefused, answered: string): string {
  return `${about}: the provider refused (${error.reason}); ${answered}`;
}

/** The provider refused the request as it was made (a used card token, a payment already in progress, ...). */
export class ProviderRefused extends Error {
  constructor(
    /** The provider's reason, as a stable code of ours (see the adapter's mapping). */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRefused';
  }
}

export interface PaymentProvider {
  openSession(request: OpenSessionRequest): Promise<PaymentSession>;
  /** The PSE banks, without the placeholder entry real PSE lists open with. */
  listBanks(): Promise<Bank[]>;
  /** Starts a PSE debit; answers the bank's page to send the buyer to. */
  startPse(request: StartPseRequest): Promise<{ redirectUrl: string }>;
  /** A card form on the provider's own origin, to frame in our checkout. */
  openCardForm(request: CardFormRequest): Promise<{ frameUrl: string }>;
  /** Pays with a card token; the outcome also arrives as a signed notice, which is what moves the charge. */
  payByCard(request: CardPaymentRequest): Promise<{ status: AttemptStatus }>;
  /** Issues (or gives again) the session's cash voucher. */
  issueCashVoucher(sessionId: string): Promise<IssuedCashVoucher>;
  sessionStatus(sessionId: string): Promise<SessionStatus>;
  browserOrigins(): BrowserOrigins;
  /** Returns a payment to the payer, in full; idempotent per session. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * The provider's settlement report of a value date (a Bogota date): CSV, one row per approved payment (provider
   * reference, gross amount in whole pesos, value date), as POST /internal/conciliaciones takes it.
   */
  settlementReport(valueDate: string): Promise<string>;
}
