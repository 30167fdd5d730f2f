// Folds the charge's stream: the source of truth, so a GET right after a 201 shows what the 201 showed
// (read-your-writes). The read model can still hold an older state of a row that exists (docs/decisions.md).
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ChargeStream } from '../charge-stream.js';
import { summaryOf, type ChargeSummary } from '../charge-summary.js';
import { GetChargeQuery } from './get-charge.query.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@QueryHandler(GetChargeQuery)
export class GetChargeHandler implements IQueryHandler<GetChargeQuery, ChargeSummary | null> {
  constructor(private readonly charges: ChargeStream) {}

  async execute({ merchantId, chargeId }: GetChargeQuery): Promise<ChargeSummary | null> {
    if (!UUID.test(chargeId)) return null;
    const { state } = await this.charges.load(chargeId);
    return state && state.merchantId === merchantId ? summaryOf(state) : null;
  }
}
