import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { bogotaDate } from '../../../kernel/bogota.js';
import { calendarDateProblem } from '../../../kernel/calendar-date.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { FieldError } from '../../../kernel/errors.js';
import { PROVIDER_CLOCK_SKEW_MS } from '../../../payments/domain/decision-time.js';
import type { RetefuenteRate } from '../../domain/tariff.js';
import { RETEFUENTE_RATES, type RetefuenteRates } from '../ports/tariffs.port.js';
import { SetRetefuenteRateCommand } from './set-retefuente-rate.command.js';

/** What is wrong with a rate's first day, `now` being the clock's: null for a calendar day after today in Bogotá. */
export function retefuenteStartProblem(vigenteDesde: string, now: Date): string | null {
  const malformed = calendarDateProblem('vigenteDesde', vigenteDesde);
  if (malformed) return malformed;
  const today = bogotaDate(now);
  if (vigenteDesde <= today) return `vigenteDesde must be after today (${today}, America/Bogota): settlements already made are not rewritten`;
  // An approval is dated by the provider's clock, believed up to the skew ahead of ours: in a day's last minutes one may
  // be dated tomorrow already, and a rate set now for tomorrow would rewrite its settlement.
  const soonest = bogotaDate(new Date(now.getTime() + PROVIDER_CLOCK_SKEW_MS));
  if (vigenteDesde <= soonest) {
    return `vigenteDesde must be after ${soonest}: approvals may be dated ${soonest} already (a provider clock up to ${PROVIDER_CLOCK_SKEW_MS / 60_000} minutes ahead), and their settlements are not rewritten`;
  }
  return null;
}

/**
 * A rate starts on a day to come: charges approved up to today are settled already, and their settlements may be
 * booked (docs/settlement.md), so no change reaches back to them. Answers the whole table afterwards, so the
 * operator sees the rate in its place.
 */
@CommandHandler(SetRetefuenteRateCommand)
export class SetRetefuenteRateHandler implements ICommandHandler<SetRetefuenteRateCommand, RetefuenteRate[]> {
  constructor(
    @Inject(RETEFUENTE_RATES) private readonly rates: RetefuenteRates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ rate }: SetRetefuenteRateCommand): Promise<RetefuenteRate[]> {
    const now = this.clock.now();
    const problem = retefuenteStartProblem(rate.vigenteDesde, now);
    if (problem) throw FieldError.of('vigenteDesde', problem);
    await this.rates.put(rate, now);
    return this.rates.all();
  }
}
