import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { Charge } from '../../domain/charge.js';

/** The buyer chose cash: the provider issues the voucher and the charge records it (it stays pendiente). */
export class IssueCashVoucherCommand extends Command<Charge> {
  constructor(
    readonly chargeId: string,
    readonly actor: Actor,
    readonly correlationId: string,
  ) {
    super();
  }
}
