// The charge API's expected refusals, with the stable codes of DESIGN.md 5.1.
import { DomainError } from '../../kernel/errors.js';

export class MerchantNotApproved extends DomainError {
  constructor() {
    super('conflict', 'merchant_not_approved', 'The merchant is not yet approved by the service');
  }
}

export class WebRegistrationMissing extends DomainError {
  constructor() {
    super('conflict', 'web_registration_missing', 'Register the site and return page (PUT /v1/merchants/me/registro-web) before charging');
  }
}

export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super('conflict', 'idempotency_key_reused', 'This Idempotency-Key was already used with a different body; use one stable key per order');
  }
}

export class OwnCheckoutNotEnabled extends DomainError {
  constructor() {
    super('conflict', 'own_checkout_not_enabled', 'Own checkout (pagador) is not enabled for this merchant');
  }
}

/** DESIGN.md 9c: the provider did not answer; the outcome is unknown and the same key can be retried. */
export const PROVIDER_RETRY_AFTER_SECONDS = 2;

export class GatewayUnavailable extends DomainError {
  constructor() {
    super(
      'unavailable',
      'gateway_unavailable',
      'The payment gateway did not respond; retry with the same Idempotency-Key, nothing will be duplicated',
      PROVIDER_RETRY_AFTER_SECONDS,
    );
  }
}
