// The Charge resource exactly as the spec lists it; the provider is never named (spec, "Charge").
import { ApiProperty } from '@nestjs/swagger';
import { ESTADOS, type Estado } from '../../domain/charge.js';
import type { ChargeSummary } from '../../application/charge-summary.js';

export class ChargeResponse {
  @ApiProperty({ format: 'uuid', description: 'Identifier of the charge; the webhook refers to it as paymentId.' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  merchantId!: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Amount in whole pesos.' })
  monto!: number;

  @ApiProperty({ enum: ['COP', 'USD'] })
  moneda!: 'COP' | 'USD';

  @ApiProperty()
  referencia!: string;

  @ApiProperty({ enum: ESTADOS })
  estado!: Estado;

  @ApiProperty({ format: 'uri', description: 'Where to send the buyer to pay.' })
  checkoutUrl!: string;

  @ApiProperty({ format: 'date-time' })
  creadoEn!: string;

  static of(charge: ChargeSummary, publicBaseUrl: string): ChargeResponse {
    return {
      id: charge.id,
      merchantId: charge.merchantId,
      monto: charge.monto,
      moneda: charge.moneda,
      referencia: charge.referencia,
      estado: charge.estado,
      checkoutUrl: `${publicBaseUrl}/checkout/${charge.checkoutToken}`,
      creadoEn: charge.creadoEn,
    };
  }
}

export class ChargePageResponse {
  @ApiProperty({ type: [ChargeResponse] })
  data!: ChargeResponse[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor to get the next page; null on the last page.' })
  nextCursor!: string | null;
}
