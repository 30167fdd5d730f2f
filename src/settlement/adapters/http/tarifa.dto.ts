// The operator's tariff of a merchant (PUT /internal/merchants/{id}/tarifa) and the retefuente table. Rates are
// percentages with at most four decimals; a PUT is the whole tariff: a field left out takes its default.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Length, Max, Min, ValidateBy } from 'class-validator';
import type { Actor } from '../../../kernel/actor.js';
import { ActorResponse } from '../../../merchants/adapters/http/merchant.dto.js';
import type { StoredTariff } from '../../application/ports/tariffs.port.js';
import { DEFAULT_TARIFF, MAX_FIXED_FEE, type MerchantTariff, type RetefuenteRate } from '../../domain/tariff.js';
import { hasFourDecimalsAtMost, toPercent, toPpm } from './percent.js';

const PERCENT_MESSAGE = (name: string): string => `${name} must be a percentage from 0 to 100 with at most 4 decimals`;

const FourDecimals = (name: string): PropertyDecorator =>
  ValidateBy({ name: 'fourDecimals', validator: { validate: hasFourDecimalsAtMost, defaultMessage: () => PERCENT_MESSAGE(name) } });

function Percent(name: string, example: number, description: string): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ minimum: 0, maximum: 100, example, description })(target, key);
    IsOptional()(target, key);
    FourDecimals(name)(target, key);
    Min(0, { message: PERCENT_MESSAGE(name) })(target, key);
    Max(100, { message: PERCENT_MESSAGE(name) })(target, key);
  };
}

export class TarifaBody {
  @Percent('comisionPorcentaje', 2.65, 'Fee on the gross (default 2.65)')
  comisionPorcentaje?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_FIXED_FEE,
    example: 700,
    description: 'Fixed fee per charge, pesos (default 700)',
  })
  @IsOptional()
  @IsInt({ message: 'comisionFija must be a whole number of pesos' })
  @Min(0, { message: `comisionFija must be from 0 to ${MAX_FIXED_FEE}` })
  @Max(MAX_FIXED_FEE, { message: `comisionFija must be from 0 to ${MAX_FIXED_FEE}` })
  comisionFija?: number;

  @Percent('ivaComisionPorcentaje', 19, 'IVA on the fee (default 19)')
  ivaComisionPorcentaje?: number;

  @Percent('ivaVentasPorcentaje', 19, "IVA included in the merchant's prices (default 19; 0 for an exempt seller)")
  ivaVentasPorcentaje?: number;

  @Percent('retefuentePorcentaje', 1.5, 'Retefuente on card sales; left out or null: the dated table (GET /internal/retefuente)')
  retefuentePorcentaje?: number | null;

  @Percent('reteIvaPorcentaje', 15, "ReteIVA: share of the sale's IVA withheld on card sales (default 15)")
  reteIvaPorcentaje?: number;

  @Percent('reteIcaPorcentaje', 0.414, "ReteICA: the municipal rate of the merchant's activity (default 0; Bogotá 0.414 for many)")
  reteIcaPorcentaje?: number;
}

export function toTariff(body: TarifaBody): MerchantTariff {
  const ppm = (value: number | undefined | null, fallback: number): number =>
    value === undefined || value === null ? fallback : toPpm(value);
  const retefuente = body.retefuentePorcentaje ?? null;
  return {
    comisionPpm: ppm(body.comisionPorcentaje, DEFAULT_TARIFF.comisionPpm),
    comisionFija: body.comisionFija ?? DEFAULT_TARIFF.comisionFija,
    ivaComisionPpm: ppm(body.ivaComisionPorcentaje, DEFAULT_TARIFF.ivaComisionPpm),
    ivaVentasPpm: ppm(body.ivaVentasPorcentaje, DEFAULT_TARIFF.ivaVentasPpm),
    // Left out or null: the dated table's rate on the approval date.
    retefuentePpm: retefuente === null ? null : toPpm(retefuente),
    reteIvaPpm: ppm(body.reteIvaPorcentaje, DEFAULT_TARIFF.reteIvaPpm),
    reteIcaPpm: ppm(body.reteIcaPorcentaje, DEFAULT_TARIFF.reteIcaPpm),
  };
}

export class TarifaResponse {
  @ApiProperty({ format: 'uuid' })
  merchantId!: string;

  @ApiProperty({ example: 2.65 })
  comisionPorcentaje!: number;

  @ApiProperty({ type: 'integer', example: 700 })
  comisionFija!: number;

  @ApiProperty({ example: 19 })
  ivaComisionPorcentaje!: number;

  @ApiProperty({ example: 19 })
  ivaVentasPorcentaje!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'null: the rate of the dated table on the approval date' })
  retefuentePorcentaje!: number | null;

  @ApiProperty({ example: 15 })
  reteIvaPorcentaje!: number;

  @ApiProperty({ example: 0 })
  reteIcaPorcentaje!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Applies to charges approved from then on; null: never set (the defaults)' })
  vigenteDesde!: string | null;

  @ApiProperty({ type: ActorResponse, nullable: true })
  actualizadoPor!: Actor | null;

  static of(merchantId: string, stored: StoredTariff): TarifaResponse {
    const t = stored.tariff;
    return {
      merchantId,
      comisionPorcentaje: toPercent(t.comisionPpm),
      comisionFija: t.comisionFija,
      ivaComisionPorcentaje: toPercent(t.ivaComisionPpm),
      ivaVentasPorcentaje: toPercent(t.ivaVentasPpm),
      retefuentePorcentaje: t.retefuentePpm === null ? null : toPercent(t.retefuentePpm),
      reteIvaPorcentaje: toPercent(t.reteIvaPpm),
      reteIcaPorcentaje: toPercent(t.reteIcaPpm),
      vigenteDesde: stored.vigenteDesde,
      actualizadoPor: stored.actor,
    };
  }
}

export class RetefuenteBody {
  @ApiProperty({ minimum: 0, maximum: 100, example: 1.5 })
  @IsDefined({ message: 'porcentaje is required' })
  @FourDecimals('porcentaje')
  @Min(0, { message: PERCENT_MESSAGE('porcentaje') })
  @Max(100, { message: PERCENT_MESSAGE('porcentaje') })
  porcentaje!: number;

  // Trimmed before the length check: spaces around a norm are not part of it, and spaces only are none (they were
  // stored as "", a rate with no source).
  @ApiProperty({ example: 'DUR 1625 de 2016, art. 1.3.2.1.8', description: 'The norm that sets the rate' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: 'fuente is required' })
  @IsString({ message: 'fuente must be a string' })
  @Length(3, 300, { message: 'fuente must be 3 to 300 characters long' })
  fuente!: string;
}

export class RetefuenteRateResponse {
  @ApiProperty({ format: 'date', example: '2016-10-11' })
  vigenteDesde!: string;

  @ApiProperty({ example: 1.5 })
  porcentaje!: number;

  @ApiProperty()
  fuente!: string;

  static of(rate: RetefuenteRate): RetefuenteRateResponse {
    return { vigenteDesde: rate.vigenteDesde, porcentaje: toPercent(rate.ppm), fuente: rate.fuente };
  }
}
