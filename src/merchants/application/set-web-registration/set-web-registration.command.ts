import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { WebRegistrationView } from '../get-merchant/get-merchant.query.js';

/** PUT registro-web: replaces the site and return page, recording who and when. */
export class SetWebRegistration extends Command<WebRegistrationView> {
  constructor(
    readonly merchantId: string,
    readonly sitioWeb: string,
    readonly urlRetorno: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
