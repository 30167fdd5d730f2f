// GET /v1/pagos/stats. A static segment: Fastify's router matches it before the parametric /v1/pagos/:id, whatever the
// order the controllers register in.
import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Principal } from '../../../kernel/principal.js';
import { CurrentPrincipal, MerchantAuth } from '../../../merchants/adapters/http/auth.js';
import { ChargeStatsQuery } from '../../application/charge-stats/charge-stats.query.js';
import { StatsParams, StatsResponse, toStatsRequest } from './stats.dto.js';

@ApiTags('pagos')
@MerchantAuth()
@Controller('v1/pagos')
export class ChargeStatsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('stats')
  @ApiOperation({
    summary: 'Totals of charges per estado (count and sum of monto), overall and per day, week or month',
    description:
      'Charges created from desde to hasta (America/Bogota calendar days, both included), grouped by their current estado. ' +
      'Read from the read model: a charge created a moment ago may not be counted yet.',
  })
  @ApiOkResponse({ type: StatsResponse })
  async stats(@CurrentPrincipal() principal: Principal, @Query() params: StatsParams): Promise<StatsResponse> {
    const request = toStatsRequest(params, this.clock.now());
    const stats = await this.queries.execute(new ChargeStatsQuery(principal.merchantId, request.desde, request.hasta, request.unit));
    return StatsResponse.of(request, stats);
  }
}
