import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { summaryOf } from '../charge-summary.js';
import { CHARGE_VIEWS, type ChargeViews } from '../ports/charge-views.port.js';
import { ListChargesQuery, type ChargePage } from './list-charges.query.js';

@QueryHandler(ListChargesQuery)
export class ListChargesHandler implements IQueryHandler<ListChargesQuery, ChargePage> {
  constructor(@Inject(CHARGE_VIEWS) private readonly views: ChargeViews) {}

  async execute({ merchantId, filter, after, limit }: ListChargesQuery): Promise<ChargePage> {
    // One row more than asked tells whether another page exists.
    const rows = await this.views.list(merchantId, filter, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map(summaryOf),
      next: rows.length > limit && last ? { creadoEn: last.creadoEn, id: last.id } : null,
    };
  }
}
