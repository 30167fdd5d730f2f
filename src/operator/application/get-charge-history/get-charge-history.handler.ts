import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { isUuid } from '../../../kernel/uuid.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../../../payments/application/ports/event-store.port.js';
import { chargeStream, isChargeEventType, upcastChargeEvent } from '../../../payments/domain/charge.events.js';
import { GetChargeHistory, type HistoryEvent } from './get-charge-history.query.js';

@QueryHandler(GetChargeHistory)
export class GetChargeHistoryHandler implements IQueryHandler<GetChargeHistory> {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  async execute({ chargeId }: GetChargeHistory): Promise<HistoryEvent[] | null> {
    if (!isUuid(chargeId)) return null;
    const recorded = await this.events.readStream(chargeStream(chargeId));
    return recorded.length === 0 ? null : recorded.map(toHistoryEvent);
  }
}

function toHistoryEvent(event: RecordedEvent): HistoryEvent {
  // An event type this version does not know is shown as stored rather than hidden from the auditor.
  const data = isChargeEventType(event.type) ? upcastChargeEvent(event.type, event.data).data : event.data;
  return {
    id: event.id,
    revision: event.revision,
    type: event.type,
    data,
    metadata: event.metadata,
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    recordedAt: event.recordedAt.toISOString(),
  };
}
