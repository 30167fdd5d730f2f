// The hosted checkout's expected refusals; the page words them for the buyer.
import { DomainError } from '../../kernel/errors.js';

export class CheckoutNotFound extends DomainError {
  constructor() {
    super('not_found', 'not_found', 'Checkout not found');
  }
}

/** The charge takes no payment now: it is final, has a voucher, or has a payment under way. */
export class PaymentNotOpen extends DomainError {
  constructor(readonly why: 'final' | 'voucher' | 'in_progress' | 'unavailable') {
    super('conflict', 'payment_not_open', `The charge takes no payment now (${why})`);
  }
}
