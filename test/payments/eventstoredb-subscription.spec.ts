// The subscription that wakes the projectors when EventStoreDB appends: a server may end it without an error (a
// leader change, a restart, a proxy closing long streams), and then nothing would wake them but their slow poll.
// No EventStoreDB server runs on this machine, so the far side here is a gRPC server that speaks only
// Streams.Read, with the client's own generated service description: it confirms each subscription and, for the
// first, ends the stream cleanly. Everything on our side (the client, grpc-js, the adapter) is the real thing.
import { createRequire } from 'node:module';
import type * as GrpcJs from '@grpc/grpc-js';
import { EventStoreDbEventStore } from '../../src/payments/adapters/event-store/eventstoredb.event-store.js';
import { waitUntil } from '../support/gateway.js';

// grpc-js as the client itself loads it (it is the client's dependency, not ours).
const clientRequire = createRequire(createRequire(import.meta.url).resolve('@eventstore/db-client'));
const grpc = clientRequire('@grpc/grpc-js') as typeof GrpcJs;
const { StreamsService } = clientRequire('../generated/streams_grpc_pb.js');
const { ReadResp } = clientRequire('../generated/streams_pb.js');

const quiet = { log: () => undefined, error: () => undefined };

describe('EventStoreDB: the subscription that wakes readers', () => {
  let server: GrpcJs.Server;
  let port: number;
  let subscriptions = 0;
  let store: EventStoreDbEventStore | undefined;

  beforeAll(async () => {
    server = new grpc.Server();
    server.addService(StreamsService, {
      read(call: GrpcJs.ServerWritableStream<{ getOptions(): { hasSubscription(): boolean } }, unknown>) {
        if (!call.request.getOptions().hasSubscription()) {
          call.emit('error', { code: grpc.status.UNIMPLEMENTED, details: 'only subscriptions here' });
          return;
        }
        subscriptions += 1;
        const confirmation = new ReadResp.SubscriptionConfirmation();
        confirmation.setSubscriptionId(`sub-${subscriptions}`);
        call.write(new ReadResp().setConfirmation(confirmation));
        // The first subscription ends at once, cleanly (status OK); the later ones stay open until cancelled.
        if (subscriptions === 1) call.end();
      },
    });
    port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
  });

  afterAll(async () => {
    await store?.close();
    server.forceShutdown();
  });

  it('subscribes again when the server ends the subscription without an error, and wakes the readers', async () => {
    store = await EventStoreDbEventStore.connect(`esdb://127.0.0.1:${port}?tls=false&defaultDeadline=2000`, quiet);
    let wakes = 0;
    store.onAppended(() => (wakes += 1));

    await waitUntil(async () => subscriptions, (count) => count >= 2, 10_000);
    // After the ended one, the readers were woken: events may have been appended while nothing listened.
    expect(wakes).toBeGreaterThanOrEqual(1);
    // And it stays at one live subscription: the second is not ended, so no third is opened.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(subscriptions).toBe(2);
  });
});
