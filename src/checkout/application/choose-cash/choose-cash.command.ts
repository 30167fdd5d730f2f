import { Command } from '@nestjs/cqrs';
import type { Charge } from '../../../payments/domain/charge.js';

/** The buyer chose to pay in cash: a voucher is issued (or the one issued is shown again). */
export class ChooseCashCommand extends Command<Charge> {
  constructor(readonly token: string) {
    super();
  }
}
