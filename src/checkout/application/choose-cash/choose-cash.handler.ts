import { randomUUID } from 'node:crypto';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IssueCashVoucherCommand } from '../../../payments/application/issue-cash-voucher/issue-cash-voucher.command.js';
import type { Charge } from '../../../payments/domain/charge.js';
import { CHECKOUT_ACTOR, CheckoutCharges } from '../checkout-charges.js';
import { SENT_BACK, withProvider } from '../provider-errors.js';
import { ChooseCashCommand } from './choose-cash.command.js';

@CommandHandler(ChooseCashCommand)
export class ChooseCashHandler implements ICommandHandler<ChooseCashCommand, Charge> {
  constructor(
    private readonly checkout: CheckoutCharges,
    private readonly commands: CommandBus,
  ) {}

  async execute({ token }: ChooseCashCommand): Promise<Charge> {
    const charge = await this.checkout.byToken(token);
    // A second click shows the same voucher; the payments context refuses a final charge. Its silence is logged there
    // (it reaches here as GatewayUnavailable, so not twice).
    return withProvider({ chargeId: charge.id, attempt: 'cash voucher', answered: SENT_BACK }, () => this.commands.execute(new IssueCashVoucherCommand(charge.id, CHECKOUT_ACTOR, randomUUID())));
  }
}
