// While the database does not answer, every merchant operation answers 503 gateway_unavailable with Retry-After
// (docs/decisions.md, "Database outages"): the document must say so for each. The gateway reaches its database
// through a TCP relay of this test's own, which the test cuts.
import net from 'node:net';
import { http, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { prepare, send, TABLE, type Request } from './openapi-table.js';
import { OpenApiConformance, type OpenApiDocument } from './openapi-validator.js';

/** Relays TCP to PostgreSQL until cut: then it drops every open connection and every new one. */
async function relayTo(target: URL): Promise<{ port: number; cut(): void; mend(): void; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the merchant API while its database does not answer', () => {
  let db: TestDatabase;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let gw: TestGateway;
  let oas: OpenApiConformance;
  const requests = new Map<string, Request>();

  beforeAll(async () => {
    db = await createTestDatabase();
    const direct = new URL(db.url);
    relay = await relayTo(direct);
    const relayed = new URL(db.url);
    [relayed.hostname, relayed.port] = ['127.0.0.1', String(relay.port)];
    gw = await startTestGatewayOn(relayed.toString(), {}, undefined, []);
    oas = new OpenApiConformance((await http<OpenApiDocument>('GET', `${gw.publicUrl}/docs/openapi.json`)).body);
    // Each operation's first row (its success), its setup made while the database answers.
    const f = await prepare(gw);
    for (const [operation, cases] of Object.entries(TABLE)) requests.set(operation, await cases[0]!.request(f));
    relay.cut();
    // Until the gateway has seen its connections drop, the key cache may still answer for a key.
    await waitUntil(() => send(gw, 'GET /v1/merchants/me', requests.get('GET /v1/merchants/me')!), (a) => a.status === 503, 5000);
  });
  afterAll(async () => {
    relay.mend();
    await gw?.close();
    await relay.close();
    await db.drop();
  });

  it.each(Object.keys(TABLE))('%s: 503 with Retry-After, as documented', async (operation) => {
    const answer = await send(gw, operation, requests.get(operation)!);
    expect([answer.status, answer.body?.code, oas.answerErrors(operation, answer)]).toEqual([503, 'gateway_unavailable', []]);
  });
});
