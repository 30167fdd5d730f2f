// Settlement's routes by listener: the merchant's liquidación (public API), tariffs, the retefuente table,
// reconciliation and any charge's liquidación (operator).
import { Module } from '@nestjs/common';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { LiquidacionController } from './adapters/http/liquidacion.controller.js';
import { OperatorConciliacionesController } from './adapters/http/operator-conciliaciones.controller.js';
import { OperatorLiquidacionController } from './adapters/http/operator-liquidacion.controller.js';
import { OperatorTarifasController } from './adapters/http/operator-tarifas.controller.js';
import { SettlementModule } from './settlement.module.js';

@Module({
  imports: [SettlementModule, MerchantsModule],
  controllers: [LiquidacionController],
})
export class SettlementHttpModule {}

@Module({
  imports: [SettlementModule],
  controllers: [OperatorTarifasController, OperatorConciliacionesController, OperatorLiquidacionController],
})
export class SettlementOperatorModule {}
