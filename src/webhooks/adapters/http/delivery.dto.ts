// The operator's view of deliveries and their attempts. The receiver's response body is never kept nor shown.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID, Matches } from 'class-validator';
import type { Actor } from '../../../kernel/actor.js';
import { ActorResponse } from '../../../merchants/adapters/http/merchant.dto.js';
import type { AttemptView, DeliveryView } from '../../application/ports/delivery-log.port.js';
import { DELIVERY_ESTADOS, type DeliveryEstado } from '../../domain/delivery.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../domain/webhook-event.js';

export class ListDeliveriesParams {
  @ApiPropertyOptional({ enum: DELIVERY_ESTADOS })
  @IsOptional()
  @IsIn(DELIVERY_ESTADOS, { message: `estado must be one of ${DELIVERY_ESTADOS.join(', ')}` })
  estado?: DeliveryEstado;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this charge's deliveries (a notice that never came, found by the charge id)." })
  @IsOptional()
  @IsUUID('all', { message: 'pagoId must be a charge id (a UUID)' })
  pagoId?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Matches(/^([1-9]\d?|100)$/, { message: 'limit must be a whole number from 1 to 100' })
  limit?: string;
}

export class AttemptResponse {
  @ApiProperty({ type: 'integer', description: '1 for the first attempt of the delivery, counting re-sends.' })
  numero!: number;

  @ApiProperty({ format: 'date-time' })
  enviadoEn!: string;

  @ApiProperty({ format: 'uri', description: 'The endpoint URL at the time of the attempt.' })
  url!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status answered; null when none came.' })
  codigoEstado!: number | null;

  @ApiProperty({ type: 'integer' })
  latenciaMs!: number;

  @ApiProperty({ type: String, nullable: true, example: 'connection refused', description: 'Why it failed, in our words.' })
  error!: string | null;
}

export class DeliveryResponse {
  @ApiProperty({ format: 'uuid', description: 'The svc-delivery-id of every attempt.' })
  id!: string;

  @ApiProperty({ example: 'evt_1f0c...' })
  eventoId!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES })
  tipo!: WebhookEventType;

  @ApiProperty({ format: 'uuid' })
  pagoId!: string;

  @ApiProperty({ format: 'uuid' })
  merchantId!: string;

  @ApiProperty({ enum: DELIVERY_ESTADOS })
  estado!: DeliveryEstado;

  @ApiProperty({ format: 'date-time' })
  creadaEn!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  entregadaEn!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'While pendiente and no attempt is under way: when the next attempt is due (a time already past: due now). ' +
      'Null while an attempt is being made, and once the delivery is entregada, fallida or sin_endpoint.',
  })
  proximoIntentoEn!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  reenviadaEn!: string | null;

  @ApiProperty({ type: ActorResponse, nullable: true })
  reenviadaPor!: Actor | null;

  @ApiProperty({ type: [AttemptResponse] })
  intentos!: AttemptView[];

  static of(view: DeliveryView): DeliveryResponse {
    return { ...view };
  }
}

export class DeliveryListResponse {
  @ApiProperty({ type: [DeliveryResponse] })
  data!: DeliveryResponse[];
}
