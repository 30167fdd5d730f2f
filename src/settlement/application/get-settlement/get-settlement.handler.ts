// GET /v1/pagos/{id}/liquidacion: the charge's facts from its stream, the terms in force when it was approved, the
// lines, the payout date and the state as of today in Bogota.
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { bogotaDate } from '../../../kernel/bogota.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/uuid.js';
import { assertSettled, settle } from '../../domain/settlement.js';
import { retefuenteOn, taxProfileOf } from '../../domain/tariff.js';
import { CHARGE_FACTS, type ChargeFactsReader } from '../ports/charge-facts.port.js';
import { RETEFUENTE_RATES, TARIFFS, type RetefuenteRates, type Tariffs } from '../ports/tariffs.port.js';
import { GetSettlementQuery, type SettlementView } from './get-settlement.query.js';

@QueryHandler(GetSettlementQuery)
export class GetSettlementHandler implements IQueryHandler<GetSettlementQuery, SettlementView | null> {
  constructor(
    @Inject(CHARGE_FACTS) private readonly charges: ChargeFactsReader,
    @Inject(TARIFFS) private readonly tariffs: Tariffs,
    @Inject(RETEFUENTE_RATES) private readonly retefuente: RetefuenteRates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, chargeId }: GetSettlementQuery): Promise<SettlementView | null> {
    if (!isUuid(chargeId)) return null;
    const charge = await this.charges.find(chargeId.toLowerCase());
    if (!charge || (merchantId !== null && charge.merchantId !== merchantId)) return null;
    assertSettled(charge);
    // The tariff in force at the approval, but never one set after the approval was recorded: a provider clock a few
    // minutes ahead (believed, decision-time.ts) must not let a tariff set since rewrite a settlement already shown.
    const recorded = charge.approvalRecordedAt ?? charge.approvedAt;
    const tariffAt = new Date(Math.min(Date.parse(charge.approvedAt), Date.parse(recorded)));
    const tariff = await this.tariffs.inForceAt(charge.merchantId, tariffAt);
    const rate = retefuenteOn(charge.approvalDate, await this.retefuente.all());
    const settlement = settle(charge, taxProfileOf(tariff, rate), bogotaDate(this.clock.now()));
    return { charge, settlement };
  }
}
