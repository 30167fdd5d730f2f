import { EventStoreDbEventStore } from '../../src/payments/adapters/event-store/eventstoredb.event-store.js';
import { eventStoreContract } from './event-store.contract.js';

// No EventStoreDB server can run on every machine: without EVENTSTORE_URL the suite is reported as not run.
const url = process.env.EVENTSTORE_URL;
const notRunBecause = url ? undefined : 'EVENTSTORE_URL is not set (e.g. esdb://localhost:2113?tls=false)';
// Straight to stderr: Jest drops the console output of a file whose tests are all skipped.
if (notRunBecause) process.stderr.write(`\nEventStoreDB event store contract NOT RUN: ${notRunBecause}\n\n`);

eventStoreContract(
  'EventStoreDB',
  async () => {
    const store = await EventStoreDbEventStore.connect(url ?? '');
    return { store, close: () => store.close() };
  },
  { notRunBecause },
);
