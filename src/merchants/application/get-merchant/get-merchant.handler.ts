import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../kernel/uuid.js';
import { MERCHANTS, type Merchants } from '../ports/merchants.port.js';
import { GetMerchant, type MerchantView } from './get-merchant.query.js';

@QueryHandler(GetMerchant)
export class GetMerchantHandler implements IQueryHandler<GetMerchant> {
  constructor(@Inject(MERCHANTS) private readonly merchants: Merchants) {}

  async execute(query: GetMerchant): Promise<MerchantView | null> {
    if (!isUuid(query.merchantId)) return null;
    return this.merchants.view(query.merchantId);
  }
}
