// Resumen (/portal/resumen): the same ChargeStatsQuery as GET /v1/pagos/stats, over the last 7, 30 or 90 Bogota days.
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { bogotaDate } from '../../../kernel/bogota.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { ChargeStatsQuery } from '../../../payments/application/charge-stats/charge-stats.query.js';
import { sendPage } from './page.js';
import { isHttps } from './portal-http.js';
import { PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import { RANGES, summaryPage, type RangeDays } from './views/summary.views.js';

const DAY_MS = 86_400_000;

@PortalController()
@Controller('portal/resumen')
export class SummaryController {
  private readonly https: boolean;

  constructor(
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  async page(
    @Req() request: PortalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('dias') dias: string | undefined,
    @Query('hecho') hecho: string | undefined,
  ): Promise<string> {
    const session = sessionOf(request);
    const days: RangeDays = RANGES.find((d) => String(d) === dias) ?? 30;
    const now = this.clock.now();
    const hasta = bogotaDate(now);
    const desde = bogotaDate(new Date(now.getTime() - (days - 1) * DAY_MS));
    const stats = await this.queries.execute(new ChargeStatsQuery(session.principal.merchantId, desde, hasta, days === 90 ? 'week' : 'day'));
    return sendPage(reply, this.https, 200, summaryPage(session, { days, desde, hasta, stats, arrival: hecho === 'bienvenida' || hecho === 'contrasena' ? hecho : undefined }));
  }
}
