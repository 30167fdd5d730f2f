// GET /v1/pagos/stats on the public listener: totals from the charges read model (DESIGN.md 5.11).
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { ChargeStatsController } from './adapters/http/stats.controller.js';
import { PostgresChargeStats } from './adapters/persistence/postgres.charge-stats.js';
import { ChargeStatsHandler } from './application/charge-stats/charge-stats.handler.js';
import { CHARGE_STATS } from './application/ports/charge-stats.port.js';

@Module({
  imports: [MerchantsModule],
  controllers: [ChargeStatsController],
  providers: [ChargeStatsHandler, { provide: CHARGE_STATS, useClass: PostgresChargeStats }],
})
export class ChargeStatsModule {}
