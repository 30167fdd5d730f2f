// EventStoreDB does not answer (EVENTSTORE_URL names a closed port on 127.0.0.1): an outage, not a bug. The API answers
// 503 with Retry-After, a retry with the same key duplicates nothing, and the worker says so once and waits.
// No server is needed: the port is closed, so the client fails at once; `defaultDeadline` bounds each call anyway.
import { createServer, type Server, type Socket } from 'node:net';
import { EventStoreDbEventStore } from '../../src/payments/adapters/event-store/eventstoredb.event-store.js';
import { EventStoreUnavailable, START } from '../../src/payments/application/ports/event-store.port.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant } from '../support/merchants.js';
import { freePort as closedPort } from '../support/ports.js';
import { newEvent, newStream } from './event-store.contract.js';

/** What Nest logs while it starts each application (modules, routes), unrelated to the store. */
const NEST_STARTING = /^log \[(NestFactory|InstanceLoader|RoutesResolver|RouterExplorer|NestApplication)\]/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventStoreDB unreachable', () => {
  let url: string;

  beforeAll(async () => {
    url = `esdb://127.0.0.1:${await closedPort()}?tls=false&defaultDeadline=2000`;
  });

  describe('the adapter', () => {
    let store: EventStoreDbEventStore;
    const logged: string[] = [];
    beforeAll(async () => {
      store = await EventStoreDbEventStore.connect(url, { log: (line: string) => logged.push(line), error: (line: string) => logged.push(line) });
    });
    afterAll(() => store.close());

    it('answers every call with the port error EventStoreUnavailable, and says so once', async () => {
      const stream = newStream();
      await expect(store.append(stream, [newEvent()], 'no_stream')).rejects.toBeInstanceOf(EventStoreUnavailable);
      await expect(store.readStream(stream)).rejects.toBeInstanceOf(EventStoreUnavailable);
      await expect(store.readAll(START, 10)).rejects.toBeInstanceOf(EventStoreUnavailable);
      await expect(store.append(stream, [newEvent()], 'no_stream')).rejects.toBeInstanceOf(EventStoreUnavailable);
      expect(logged).toEqual([expect.stringMatching(/^EventStoreDB does not answer \(.*ECONNREFUSED 127\.0\.0\.1:\d+.*\); requests answer 503/)]);
    });
  });

  // A host that takes the connection and then says nothing (a frozen process, a half-dead peer): no refusal to fail
  // on. The client gives reads no deadline at all and asks the server's features without one before an append, and
  // grpc-js waits for the server's HTTP/2 settings without a time limit, so each call waited for ever (measured: over
  // 5 minutes with defaultDeadline=1000). Nothing here speaks gRPC or HTTP/2.
  describe('a store that takes the connection and never answers', () => {
    const quiet = { log: () => undefined, error: () => undefined };
    let hung: Server;
    const sockets = new Set<Socket>();
    let hungUrl: string;
    let store: EventStoreDbEventStore | undefined;

    beforeAll(async () => {
      hung = createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
      const address = hung.address();
      hungUrl = `esdb://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}?tls=false&defaultDeadline=700`;
    });
    afterEach(() => store?.close());
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    });

    const failure = (call: () => Promise<unknown>): Promise<unknown> =>
      call().then(
        () => undefined,
        (error: unknown) => error,
      );

    it('answers each call EventStoreUnavailable once the deadline has passed', async () => {
      store = await EventStoreDbEventStore.connect(hungUrl, quiet);
      const stream = newStream();
      for (const call of [() => store!.append(stream, [newEvent()], 'no_stream'), () => store!.readStream(stream), () => store!.readAll(START, 10)]) {
        const error = await failure(call);
        expect(error).toBeInstanceOf(EventStoreUnavailable);
        // The call ended because the deadline of the URL (700 ms) ran out, the adapter's own: not timed on the clock,
        // which a busy box stretches; a hang would never get here (the test's time-out).
        expect((error as EventStoreUnavailable).reason).toBe('no answer within 700 ms');
      }
    }, 15_000);
  });

  describe('the gateway', () => {
    let db: TestDatabase;
    let gw: TestGateway;
    let merchant: { merchantId: string; apiKey: string };
    const logger = capturingLogger();
    let claimed = '';

    beforeAll(async () => {
      db = await createTestDatabase();
      gw = await startTestGatewayOn(db.url, { eventStore: 'eventstoredb', eventStoreUrl: url }, undefined, logger);
      merchant = await onboardMerchant(gw, {});
    });
    afterAll(async () => {
      await gw?.close();
      await db?.drop();
    });

    const create = (key: string) =>
      http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': key },
        body: { merchantId: merchant.merchantId, monto: 50000, moneda: 'COP', referencia: `esdb-${key}` },
      });

    it('answers POST /v1/pagos 503 with Retry-After; the retry with the same key claims nothing more', async () => {
      const started = Date.now();
      const first = await create('outage-1');
      // Answered rather than held: the refused port fails at once, the store's deadline (2 s) bounds it anyway, and a
      // hang is for ever. The bound is that deadline many times over, so a busy box does not fail it.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(first.status).toBe(503);
      expect(first.body).toMatchObject({ statusCode: 503, code: 'gateway_unavailable' });
      expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

      const retry = await create('outage-1');
      expect(retry.status).toBe(503);
      expect(retry.headers.get('retry-after')).toBe(first.headers.get('retry-after'));

      // One claim, naming one charge, with the copy of ChargeCreated the retry appends once the store answers
      // (completed from the copy: pagos.create.http.spec.ts).
      const claims = await gw.infra.dataSource.query(
        "SELECT charge_id, created->>'type' AS type FROM idempotency_keys WHERE merchant_id = $1 AND idem_key = 'outage-1'",
        [merchant.merchantId],
      );
      expect(claims).toEqual([{ charge_id: expect.any(String), type: 'ChargeCreated' }]);
      claimed = claims[0].charge_id;
    });

    it('answers GET /v1/pagos/{id} 503 with Retry-After', async () => {
      const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${claimed}`, { token: merchant.apiKey });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ statusCode: 503, code: 'gateway_unavailable' });
      expect(answer.headers.get('retry-after')).not.toBeNull();
    });

    it('logs the outage in a few lines, without stack traces, while the worker waits for the store', async () => {
      // Long enough for the worker's projector to try four times at the old pace (every second, a trace each time).
      await sleep(3500);
      const lines = logger.lines.filter((line) => !NEST_STARTING.test(line));
      expect(lines.filter((line) => /\] \s+at /.test(line))).toEqual([]);
      // The adapter says the store does not answer; the projector says it waits. Nothing per request or per try.
      expect(lines).toEqual([
        expect.stringMatching(/^error \[EventStoreDB\] EventStoreDB does not answer/),
        expect.stringMatching(/^error \[Projector:[^\]]+\] Event store unreachable; projections wait, retrying in 1000 ms/),
      ]);
    });
  });
});
