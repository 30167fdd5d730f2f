import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { administratorsOnly } from '../../../kernel/acting-person.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { MerchantNotFound } from '../../domain/merchant.errors.js';
import { checkWebRegistration } from '../../domain/web-registration.js';
import type { WebRegistrationView } from '../get-merchant/get-merchant.query.js';
import { MERCHANTS, type Merchants } from '../ports/merchants.port.js';
import { SetWebRegistration } from './set-web-registration.command.js';

@CommandHandler(SetWebRegistration)
export class SetWebRegistrationHandler implements ICommandHandler<SetWebRegistration> {
  constructor(
    @Inject(MERCHANTS) private readonly merchants: Merchants,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute(command: SetWebRegistration): Promise<WebRegistrationView> {
    const checked = checkWebRegistration(
      { sitioWeb: command.sitioWeb, urlRetorno: command.urlRetorno },
      { allowLoopback: this.config.webhookAllowLoopback },
    );
    if (!checked.ok) throw new FieldError(checked.fieldErrors);
    const saved = await this.merchants.setWebRegistration(
      command.merchantId,
      checked.value,
      command.actor,
      this.clock.now(),
      administratorsOnly,
    );
    if (!saved) throw new MerchantNotFound();
    return saved;
  }
}
