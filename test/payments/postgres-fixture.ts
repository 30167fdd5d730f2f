// A fresh database with the event store and read model schema, and the PostgreSQL event store on it.
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/kernel/database.js';
import { EventStore1764000000000 } from '../../src/migrations/1764000000000-event-store.js';
import { ChargesReadModel1764000000100 } from '../../src/migrations/1764000000100-charges-read-model.js';
import { WebhookOutbox1764000000610 } from '../../src/migrations/1764000000610-webhook-outbox.js';
import { ChargesDaily1764000000970 } from '../../src/migrations/1764000000970-charges-daily.js';
import { PostgresEventStore } from '../../src/payments/adapters/event-store/postgres.event-store.js';
import type { ProjectorLogger } from '../../src/payments/adapters/projections/projector.js';
import { createTestDatabase } from '../support/database.js';

export interface PostgresFixture {
  url: string;
  dataSource: DataSource;
  store: PostgresEventStore;
  close(): Promise<void>;
}

export async function openPostgresFixture(poolSize?: number): Promise<PostgresFixture> {
  const db = await createTestDatabase();
  // Only this part's migrations (the charges projection writes its daily totals and the webhook outbox too): no other
  // context's schema.
  const dataSource = await openDatabase({
    url: db.url,
    migrations: [EventStore1764000000000, ChargesReadModel1764000000100, WebhookOutbox1764000000610, ChargesDaily1764000000970],
    entities: [],
    poolSize,
  });
  const store = await PostgresEventStore.open(dataSource, db.url);
  return {
    url: db.url,
    dataSource,
    store,
    async close() {
      await store.close();
      await dataSource.destroy();
      await db.drop();
    },
  };
}

/** A projector's logger that keeps its errors for the test instead of printing them. */
export const quietLogger = (): ProjectorLogger & { errors: string[] } => {
  const errors: string[] = [];
  return { errors, log: () => undefined, error: (message) => errors.push(message) };
};
