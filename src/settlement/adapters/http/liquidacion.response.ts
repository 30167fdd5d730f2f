// The settlement of a charge as the merchant reads it (GET /v1/pagos/{id}/liquidacion). Whole pesos; the parts add up
// to the gross: bruto = comision + ivaComision + retefuente + reteIva + reteIca + neto.
import { ApiProperty } from '@nestjs/swagger';
import type { SettlementView } from '../../application/get-settlement/get-settlement.query.js';
import type { TaxProfile } from '../../domain/settlement-lines.js';
import { toPercent } from './percent.js';

export class RetencionesResponse {
  @ApiProperty({ type: 'integer', description: 'Retención en la fuente: card payments only, on the base' })
  retefuente!: number;

  @ApiProperty({ type: 'integer', description: "ReteIVA: card payments only, a share of the sale's IVA" })
  reteIva!: number;

  @ApiProperty({ type: 'integer', description: "ReteICA: card payments only, the municipal rate on the base" })
  reteIca!: number;
}

export class TarifasAplicadasResponse {
  @ApiProperty({ example: 2.65 })
  comisionPorcentaje!: number;

  @ApiProperty({ type: 'integer', example: 700 })
  comisionFija!: number;

  @ApiProperty({ example: 19 })
  ivaComisionPorcentaje!: number;

  @ApiProperty({ example: 19, description: 'IVA included in the merchant\'s prices' })
  ivaVentasPorcentaje!: number;

  @ApiProperty({ example: 1.5 })
  retefuentePorcentaje!: number;

  @ApiProperty({ example: 15 })
  reteIvaPorcentaje!: number;

  @ApiProperty({ example: 0.414 })
  reteIcaPorcentaje!: number;

  static of(profile: TaxProfile): TarifasAplicadasResponse {
    return {
      comisionPorcentaje: toPercent(profile.comisionPpm),
      comisionFija: profile.comisionFija,
      ivaComisionPorcentaje: toPercent(profile.ivaComisionPpm),
      ivaVentasPorcentaje: toPercent(profile.ivaVentasPpm),
      retefuentePorcentaje: toPercent(profile.retefuentePpm),
      reteIvaPorcentaje: toPercent(profile.reteIvaPpm),
      reteIcaPorcentaje: toPercent(profile.reteIcaPpm),
    };
  }
}

export class LiquidacionResponse {
  @ApiProperty({ format: 'uuid' })
  pagoId!: string;

  @ApiProperty({ enum: ['aprobado', 'conciliado', 'reembolsado'], description: "The charge's estado" })
  estadoPago!: string;

  @ApiProperty({ enum: ['pse', 'tarjeta', 'efectivo'] })
  metodo!: string;

  @ApiProperty({ example: 'COP' })
  moneda!: string;

  @ApiProperty({ type: 'integer', description: 'Gross: the monto the buyer paid' })
  bruto!: number;

  @ApiProperty({ type: 'integer', description: 'The sale without the IVA its price includes: the base of retefuente and reteICA' })
  base!: number;

  @ApiProperty({ type: 'integer', description: 'IVA included in the sale (bruto - base)' })
  ivaVenta!: number;

  @ApiProperty({ type: 'integer', description: "The gateway's fee" })
  comision!: number;

  @ApiProperty({ type: 'integer', description: 'IVA on the fee' })
  ivaComision!: number;

  @ApiProperty({ type: RetencionesResponse })
  retenciones!: RetencionesResponse;

  @ApiProperty({ type: 'integer', description: 'What reaches the merchant; negative when the fee exceeds a tiny sale' })
  neto!: number;

  @ApiProperty({ type: TarifasAplicadasResponse, description: 'The rates in force when the charge was approved' })
  tarifas!: TarifasAplicadasResponse;

  @ApiProperty({
    format: 'date-time',
    description: 'When the payment was approved: when the processor decided it, which dates the payout day, the tariff and the retefuente rate',
  })
  aprobadoEn!: string;

  @ApiProperty({
    format: 'date',
    example: '2026-11-24',
    description:
      'Next Colombian business day after the approval (America/Bogota); for an approval the gateway recorded only after ' +
      'that day was over, the next one after the day it was recorded',
  })
  fechaPagoEstimada!: string;

  @ApiProperty({ enum: ['programada', 'liquidada', 'revertida'] })
  estado!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  reembolsadoEn!: string | null;

  static of({ charge, settlement }: SettlementView): LiquidacionResponse {
    const { lines } = settlement;
    return {
      pagoId: charge.chargeId,
      estadoPago: charge.estado,
      metodo: charge.method,
      moneda: 'COP',
      bruto: lines.bruto,
      base: lines.base,
      ivaVenta: lines.ivaVenta,
      comision: lines.comision,
      ivaComision: lines.ivaComision,
      retenciones: { retefuente: lines.retefuente, reteIva: lines.reteIva, reteIca: lines.reteIca },
      neto: lines.neto,
      tarifas: TarifasAplicadasResponse.of(settlement.profile),
      aprobadoEn: charge.approvedAt,
      fechaPagoEstimada: settlement.payoutDate,
      estado: settlement.state,
      reembolsadoEn: charge.refundedAt,
    };
  }
}
