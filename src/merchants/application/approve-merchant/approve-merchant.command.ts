import { Command } from '@nestjs/cqrs';
import type { MerchantView } from '../get-merchant/get-merchant.query.js';

/** The operator's approval: from then on the merchant may charge (once its site is registered). */
export class ApproveMerchant extends Command<MerchantView> {
  constructor(readonly merchantId: string) {
    super();
  }
}
