import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantView } from '../../../merchants/application/get-merchant/get-merchant.query.js';

/** The operator turns own checkout (pagador in POST /v1/pagos) on or off for a merchant (DESIGN.md 5.14). */
export class SetOwnCheckoutCommand extends Command<MerchantView> {
  constructor(
    readonly merchantId: string,
    readonly enabled: boolean,
    readonly actor: Actor,
  ) {
    super();
  }
}
