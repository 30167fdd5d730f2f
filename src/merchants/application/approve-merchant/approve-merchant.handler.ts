import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/uuid.js';
import { MerchantNotFound } from '../../domain/merchant.errors.js';
import type { MerchantView } from '../get-merchant/get-merchant.query.js';
import { MERCHANTS, type Merchants } from '../ports/merchants.port.js';
import { ApproveMerchant } from './approve-merchant.command.js';

@CommandHandler(ApproveMerchant)
export class ApproveMerchantHandler implements ICommandHandler<ApproveMerchant> {
  constructor(
    @Inject(MERCHANTS) private readonly merchants: Merchants,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId }: ApproveMerchant): Promise<MerchantView> {
    if (!isUuid(merchantId) || !(await this.merchants.approve(merchantId, this.clock.now()))) {
      throw new MerchantNotFound();
    }
    const view = await this.merchants.view(merchantId);
    if (!view) throw new MerchantNotFound();
    return view;
  }
}
