import { Query } from '@nestjs/cqrs';
import type { Principal } from '../../../kernel/principal.js';

/** Who a presented bearer key is; throws InvalidApiKey when it is missing, malformed, wrong, revoked or expired. */
export class AuthenticateApiKey extends Query<Principal> {
  constructor(readonly presented: string | undefined) {
    super();
  }
}
