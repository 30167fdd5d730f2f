// The operator's view of deliveries and their attempts. The receiver's response body is never kept nor shown.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import type { Actor } from '../../../kernel/actor.js';
import { decodeCursor, isCursorTime } from '../../../kernel/http/page.params.js';
import { checked, CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { isUuid } from '../../../kernel/uuid.js';
import { ActorResponse } from '../../../merchants/adapters/http/merchant.dto.js';
import type { AttemptView, DeliveryCursor, DeliveryView } from '../../application/ports/delivery-log.port.js';
import { DELIVERY_ESTADOS, type DeliveryEstado } from '../../domain/delivery.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../domain/webhook-event.js';

@CheckedBy(deliveriesRules)
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

  @ApiPropertyOptional({ description: 'nextCursor of the previous page (with the same estado and pagoId)' })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'cursor is not valid' })
  cursor?: string;
}

// Opaque like GET /v1/pagos's: base64url of the last delivery's position, (creation time to the microsecond, id).
export const encodeDeliveryCursor = (cursor: DeliveryCursor): string => Buffer.from(JSON.stringify([cursor.creadaEn, cursor.id])).toString('base64url');

function readDeliveries(params: Sent<ListDeliveriesParams>, problems: BodyProblems): DeliveryCursor | null {
  const cursor = decodeCursor<[string, string]>(params, problems, [isCursorTime, (item) => typeof item === 'string' && isUuid(item)]);
  return cursor && { creadaEn: cursor[0], id: cursor[1].toLowerCase() };
}

/** Run by the validation pipe beside the decorators (CheckedBy), so one 400 names every problem of the query. */
function deliveriesRules(params: Sent<ListDeliveriesParams>, problems: BodyProblems): void {
  readDeliveries(params, problems);
}

/** The page a query asks for (its cursor checked again here, for a caller the pipe did not check: the portal). */
export function toDeliveriesRequest(params: Pick<ListDeliveriesParams, 'cursor'>): { after: DeliveryCursor | null } {
  return { after: checked((problems) => readDeliveries(params, problems)) };
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

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor (with the same filters) to get the next, older page; null on the last page.' })
  nextCursor!: string | null;
}
