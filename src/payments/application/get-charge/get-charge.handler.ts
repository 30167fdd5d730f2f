// Folds the charge's stream: the source of truth, so a GET right after a 201 shows what the 201 showed
// (read-your-writes). The read model can still hold an older state of a row that exists (docs/decisions.md).
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../kernel/uuid.js';
import { ChargeStream } from '../charge-stream.js';
import { summaryOf, type ChargeSummary } from '../charge-summary.js';
import { GetChargeQuery } from './get-charge.query.js';

@QueryHandler(GetChargeQuery)
export class GetChargeHandler implements IQueryHandler<GetChargeQuery, ChargeSummary | null> {
  constructor(private readonly charges: ChargeStream) {}

  async execute({ merchantId, chargeId }: GetChargeQuery): Promise<ChargeSummary | null> {
    if (!isUuid(chargeId)) return null;
    const { state } = await this.charges.load(chargeId.toLowerCase());
    return state && state.merchantId === merchantId ? summaryOf(state) : null;
  }
}
