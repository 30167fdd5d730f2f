import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { NotFound } from '../../../kernel/errors.js';
import { GetMerchant, type MerchantView } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { OWN_CHECKOUT_SETTINGS, type OwnCheckoutSettings } from '../ports/own-checkout-settings.port.js';
import { SetOwnCheckoutCommand } from './set-own-checkout.command.js';

@CommandHandler(SetOwnCheckoutCommand)
export class SetOwnCheckoutHandler implements ICommandHandler<SetOwnCheckoutCommand, MerchantView> {
  constructor(
    @Inject(OWN_CHECKOUT_SETTINGS) private readonly settings: OwnCheckoutSettings,
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, enabled, actor }: SetOwnCheckoutCommand): Promise<MerchantView> {
    if (!(await this.settings.set(merchantId, enabled, actor, this.clock.now()))) throw new NotFound('Merchant');
    const view = await this.queries.execute(new GetMerchant(merchantId));
    if (!view) throw new NotFound('Merchant');
    return view;
  }
}
