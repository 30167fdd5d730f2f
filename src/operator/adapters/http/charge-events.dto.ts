// GET /internal/pagos/{id}/eventos: the envelope in Spanish like the routes; inside, the event as stored (type
// and metadata names in English, `datos` upcast to the current schema: montoMinor reads as monto).
import { ApiProperty } from '@nestjs/swagger';
import type { HistoryEvent } from '../../application/get-charge-history/get-charge-history.query.js';
import { ActorResponse } from '../../../merchants/adapters/http/merchant.dto.js';

export class EventMetadataResponse {
  @ApiProperty({ type: ActorResponse })
  actor!: ActorResponse;

  @ApiProperty({ description: 'Shared by every event one request caused.' })
  correlationId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The event or message that caused this one.' })
  causationId!: string | null;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;

  @ApiProperty({ description: 'Schema version the event was written with (1: amounts named montoMinor).' })
  schemaVersion!: number;
}

export class GlobalPositionResponse {
  @ApiProperty({ description: 'PostgreSQL: transaction id; EventStoreDB: commit position. Decimal string.' })
  commit!: string;

  @ApiProperty({ description: 'PostgreSQL: global position; EventStoreDB: prepare position. Decimal string.' })
  prepare!: string;
}

export class ChargeEventResponse {
  @ApiProperty({ format: 'uuid', description: 'Id of the event.' })
  id!: string;

  @ApiProperty({ description: '0 for the first event of the charge.' })
  revision!: number;

  @ApiProperty({ example: 'ChargeCreated' })
  tipo!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  datos!: Record<string, unknown>;

  @ApiProperty({ type: EventMetadataResponse })
  metadata!: EventMetadataResponse;

  @ApiProperty({ type: GlobalPositionResponse, description: 'Place in the global log.' })
  posicion!: GlobalPositionResponse;

  @ApiProperty({ format: 'date-time', description: 'When the store recorded it.' })
  registradoEn!: string;
}

export class ChargeEventsResponse {
  @ApiProperty({ format: 'uuid' })
  pagoId!: string;

  @ApiProperty({ type: [ChargeEventResponse], description: 'In revision order.' })
  eventos!: ChargeEventResponse[];

  static of(pagoId: string, events: HistoryEvent[]): ChargeEventsResponse {
    return {
      pagoId,
      eventos: events.map((event) => ({
        id: event.id,
        revision: event.revision,
        tipo: event.type,
        datos: event.data,
        metadata: {
          actor: event.metadata.actor,
          correlationId: event.metadata.correlationId,
          causationId: event.metadata.causationId,
          occurredAt: event.metadata.occurredAt,
          schemaVersion: event.metadata.schemaVersion,
        },
        posicion: event.position,
        registradoEn: event.recordedAt,
      })),
    };
  }
}
