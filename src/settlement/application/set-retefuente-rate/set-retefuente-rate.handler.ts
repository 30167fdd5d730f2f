import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { RetefuenteRate } from '../../domain/tariff.js';
import { RETEFUENTE_RATES, type RetefuenteRates } from '../ports/tariffs.port.js';
import { SetRetefuenteRateCommand } from './set-retefuente-rate.command.js';

/** Answers the whole table afterwards, so the operator sees the rate in its place. */
@CommandHandler(SetRetefuenteRateCommand)
export class SetRetefuenteRateHandler implements ICommandHandler<SetRetefuenteRateCommand, RetefuenteRate[]> {
  constructor(
    @Inject(RETEFUENTE_RATES) private readonly rates: RetefuenteRates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ rate }: SetRetefuenteRateCommand): Promise<RetefuenteRate[]> {
    await this.rates.put(rate, this.clock.now());
    return this.rates.all();
  }
}
