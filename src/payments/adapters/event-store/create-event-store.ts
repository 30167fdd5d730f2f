// The one place that says which event store adapter runs (EVENT_STORE).
import type { DataSource } from 'typeorm';
import type { Config } from '../../../kernel/config.js';
import type { EventStore } from '../../application/ports/event-store.port.js';
import { PostgresEventStore } from './postgres.event-store.js';
import { EventStoreDbEventStore } from './eventstoredb.event-store.js';

export async function createEventStore(config: Config, dataSource: DataSource, databaseUrl: string): Promise<EventStore> {
  if (config.eventStore === 'eventstoredb') {
    if (!config.eventStoreUrl) throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_URL');
    return EventStoreDbEventStore.connect(config.eventStoreUrl);
  }
  return PostgresEventStore.open(dataSource, databaseUrl);
}
