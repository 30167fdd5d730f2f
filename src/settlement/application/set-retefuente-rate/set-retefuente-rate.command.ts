import { Command } from '@nestjs/cqrs';
import type { RetefuenteRate } from '../../domain/tariff.js';

/** PUT /internal/retefuente/{vigenteDesde}: the card retefuente rate from that Bogota date on, with its norm. */
export class SetRetefuenteRateCommand extends Command<RetefuenteRate[]> {
  constructor(readonly rate: RetefuenteRate) {
    super();
  }
}
