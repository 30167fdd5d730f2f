// A KurrentDB node that is up but takes no write now (starting, catching up, too busy, an election without a leader):
// an outage, so POST /v1/pagos answers 503 with Retry-After, never a 500. Every append to a server that offers the
// batch append goes through it, and the server answers there with a per-write status (Streams.BatchAppend.cs).
// No EventStoreDB server runs on this machine, so the far side is a gRPC server with the client's own generated
// service descriptions that says what a node says while it is not ready: ServerFeatures (BatchAppend offered), a
// NotHandled status for each batch append, UNAVAILABLE "Server Is Not Ready" for reads. It is not the contract suite,
// which needs EVENTSTORE_URL; on our side the client, grpc-js, the adapter and the gateway are the real thing.
import { createRequire } from 'node:module';
import type * as GrpcJs from '@grpc/grpc-js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant } from '../support/merchants.js';

// grpc-js and the protobuf classes as the client itself loads them (its dependencies, not ours).
const clientRequire = createRequire(createRequire(import.meta.url).resolve('@eventstore/db-client'));
const grpc = clientRequire('@grpc/grpc-js') as typeof GrpcJs;
const { StreamsService } = clientRequire('../generated/streams_grpc_pb.js');
const { BatchAppendResp } = clientRequire('../generated/streams_pb.js');
const { ServerFeaturesService } = clientRequire('../generated/serverfeatures_grpc_pb.js');
const { SupportedMethods, SupportedMethod } = clientRequire('../generated/serverfeatures_pb.js');
const { Status } = clientRequire('../generated/status_pb.js');
const { Any } = clientRequire('google-protobuf/google/protobuf/any_pb.js');
const { Empty } = clientRequire('google-protobuf/google/protobuf/empty_pb.js');

interface BatchAppendRequest {
  getCorrelationId(): unknown;
  getOptions(): { getStreamIdentifier(): unknown } | undefined;
  getIsFinal(): boolean;
}

describe('EventStoreDB not ready to take a write', () => {
  let server: GrpcJs.Server;
  let db: TestDatabase;
  let gw: TestGateway;
  let merchant: { merchantId: string; apiKey: string };
  const logger = capturingLogger();
  let batchAppends = 0;

  beforeAll(async () => {
    server = new grpc.Server();
    server.addService(ServerFeaturesService, {
      getSupportedMethods(_call: unknown, callback: (error: null, methods: unknown) => void) {
        const batchAppend = new SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName('batchappend');
        callback(null, new SupportedMethods().setEventStoreServerVersion('26.1.1').setMethodsList([batchAppend]));
      },
    });
    server.addService(StreamsService, {
      read(call: GrpcJs.ServerWritableStream<unknown, unknown>) {
        call.emit('error', { code: grpc.status.UNAVAILABLE, details: 'Server Is Not Ready' });
      },
      batchAppend(call: GrpcJs.ServerDuplexStream<BatchAppendRequest, unknown>) {
        const streams = new Map<string, unknown>();
        call.on('data', (request: BatchAppendRequest) => {
          const key = String(request.getCorrelationId());
          const options = request.getOptions();
          if (options) streams.set(key, options.getStreamIdentifier());
          if (!request.getIsFinal()) return;
          batchAppends += 1;
          // ClientMessage.NotHandled (NotReady) as Streams.BatchAppend.cs answers it: an empty detail.
          const details = new Any();
          details.pack(new Empty().serializeBinary(), 'google.protobuf.Empty');
          const response = new BatchAppendResp()
            .setCorrelationId(request.getCorrelationId())
            .setStreamIdentifier(streams.get(key))
            .setError(new Status().setMessage('Server Is Not Ready').setDetails(details));
          call.write(response);
        });
        call.on('end', () => call.end());
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    db = await createTestDatabase();
    gw = await startTestGatewayOn(
      db.url,
      { eventStore: 'eventstoredb', eventStoreUrl: `esdb://127.0.0.1:${port}?tls=false&defaultDeadline=5000` },
      undefined,
      logger,
    );
    merchant = await onboardMerchant(gw, {});
  });

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
    server?.forceShutdown();
  });

  it('answers POST /v1/pagos 503 with Retry-After and logs why, without a stack trace', async () => {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': 'not-ready-1' },
      body: { merchantId: merchant.merchantId, monto: 50000, moneda: 'COP', referencia: 'esdb-not-ready' },
    });

    expect(batchAppends).toBeGreaterThanOrEqual(1);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ statusCode: 503, code: 'gateway_unavailable' });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(logger.lines).toContainEqual(expect.stringMatching(/EventStoreDB does not answer \(.*Server Is Not Ready\)/));
    expect(logger.lines.filter((line) => /\] \s+at /.test(line))).toEqual([]);
  });
});
