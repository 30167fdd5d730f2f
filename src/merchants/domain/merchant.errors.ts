// The merchants context's expected failures, with the stable codes of DESIGN.md 5.1.
import { DomainError, NotFound } from '../../kernel/errors.js';

export class MerchantNotFound extends NotFound {
  constructor() {
    super('Merchant');
  }
}

export class ApiKeyNotFound extends NotFound {
  constructor() {
    super('API key');
  }
}

/** Missing, malformed, wrong, revoked or rotated-out key: one answer, so nothing is learned about other keys. */
export class InvalidApiKey extends DomainError {
  constructor(missing = false) {
    super(
      'unauthorized',
      'invalid_api_key',
      missing
        ? 'Send the API key as Authorization: Bearer svcpk_...'
        : 'The API key is not valid: it is wrong, revoked or was replaced by a rotation',
    );
  }
}

export class ForbiddenRole extends DomainError {
  constructor() {
    super('forbidden', 'forbidden_role', 'This API key has the read-only role (lectura) and cannot make changes');
  }
}

export class ApiKeyNotActive extends DomainError {
  constructor() {
    super('conflict', 'api_key_not_active', 'Only a key that works and was not rotated before can be rotated');
  }
}
