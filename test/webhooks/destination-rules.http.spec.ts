// Destination rules in production mode (DESIGN.md 5.15): no URL, however written, and no name, however it resolves,
// makes the gateway connect into its own network. A trap server listens on loopback and counts connections.
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { HttpWebhookSender, type Resolve } from '../../src/webhooks/adapters/delivery/http.webhook-sender.js';
import { signatureHeader } from '../../src/webhooks/domain/signature.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { hostileUrls } from './support/hostile-urls.js';
import { Receiver } from './support/receiver.js';
import { createCharge, merchantWithEndpoint, untilDeliveries } from './support/webhooks.js';

interface Trap {
  port: number;
  connections: number;
  close(): Promise<void>;
}

/** Listens on every loopback address (IPv4 and IPv6), on one port, and counts whoever connects. */
async function trap(host = '::', port = 0): Promise<Trap> {
  const state = { connections: 0 };
  const server: Server = createServer((socket) => {
    state.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen({ port, host, ipv6Only: false }, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const request = (url: string) => ({ url, body: '{"id":"evt_test"}', headers: { 'content-type': 'application/json' } });
const production = { allowLoopback: false };

describe('webhook destinations in production mode', () => {
  let gw: TestGateway;
  let loopback: Trap;

  beforeAll(async () => {
    gw = await startTestGateway({ webhookAllowLoopback: false, webhookRetryDelays: [0.1, 0.1, 0.1] });
    loopback = await trap();
  });
  afterAll(async () => {
    await loopback.close();
    await gw.close();
  });

  it(`refuses every hostile URL at registration (${hostileUrls(1).length} of them): 400 on url, nothing connects`, async () => {
    const merchant = await merchantWithEndpoint(gw, null);
    const urls = hostileUrls(loopback.port);
    expect(urls.length).toBeGreaterThanOrEqual(20);
    const answers = await Promise.all(
      urls.map((url) => http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body: { url } })),
    );
    for (const [i, answer] of answers.entries()) {
      expect([urls[i], answer.status, answer.body.message?.fieldErrors?.url?.length]).toEqual([urls[i], 400, 1]);
    }
    expect((await http('GET', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey })).status).toBe(404);
    expect(loopback.connections).toBe(0);
  });

  it('refuses every hostile URL at send time too, before any connection', async () => {
    const sender = new HttpWebhookSender(production, 2000);
    try {
      const urls = hostileUrls(loopback.port);
      const results = await Promise.all(urls.map((url) => sender.send(request(url))));
      for (const [i, result] of results.entries()) {
        expect([urls[i], result.statusCode, result.error?.startsWith('destination refused:')]).toEqual([urls[i], null, true]);
      }
      expect(loopback.connections).toBe(0);
    } finally {
      sender.close();
    }
  });

  it('refuses a public-looking name that resolves to loopback, private, metadata or IPv6-mapped addresses (DNS rebinding)', async () => {
    const answers: Record<string, string[]> = {
      'rebind.tienda.example.co': ['127.0.0.1'],
      'mixed.tienda.example.co': ['93.184.215.14', '10.0.0.5'],
      'meta.tienda.example.co': ['169.254.169.254'],
      'mapped.tienda.example.co': ['::ffff:127.0.0.1'],
      'v6.tienda.example.co': ['::1'],
      'cgnat.tienda.example.co': ['100.64.12.1'],
    };
    const resolve: Resolve = async (host) =>
      (answers[host] ?? []).map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
    const sender = new HttpWebhookSender(production, 2000, resolve);
    try {
      for (const host of Object.keys(answers)) {
        const result = await sender.send(request(`https://${host}:${loopback.port}/webhooks`));
        expect([host, result.statusCode, result.error]).toEqual([host, null, expect.stringMatching(/^destination refused: .* resolves to/)]);
        // The error is the merchant's to read (portal, API): the kind of address, never the address itself, or a
        // merchant could map the internal names our DNS answers.
        for (const address of answers[host]!) expect([host, result.error]).toEqual([host, expect.not.stringContaining(address)]);
      }
      expect(loopback.connections).toBe(0);
    } finally {
      sender.close();
    }
  });

  it('applies the rules at send time to an endpoint already stored: every attempt refused, nothing connects', async () => {
    const merchant = await merchantWithEndpoint(gw, 'https://hooks.tienda.example.co/webhooks');
    // As if registered before the rules (or the name's DNS) changed: the stored URL now leads to loopback.
    await gw.infra.dataSource.query('UPDATE webhook_endpoints SET url = $1 WHERE merchant_id = $2', [
      `https://127.0.0.1:${loopback.port}/webhooks`,
      merchant.merchantId,
    ]);
    await approveCharge(gw, (await createCharge(gw, merchant)).id);

    const [failed] = await untilDeliveries(gw, merchant.merchantId, 'fallida');
    expect(failed!.intentos.map((a) => a.error)).toEqual(Array(4).fill('destination refused: url must not point to a loopback address'));
    expect(loopback.connections).toBe(0);
  });
});

describe('connections under the rules', () => {
  it('connect to the address that was checked, never to a second resolution of the name', async () => {
    // Both listen on one port: 127.0.0.2 is what the name resolves to at check time, 127.0.0.1 what a second
    // resolution would give. Loopback is allowed here (dev mode), so only pinning tells them apart.
    const checked = await Receiver.start({ host: '127.0.0.2' });
    const rebound = await trap('127.0.0.1', checked.port);
    let lookups = 0;
    const resolve: Resolve = async () => [{ address: lookups++ === 0 ? '127.0.0.2' : '127.0.0.1', family: 4 }];
    const sender = new HttpWebhookSender({ allowLoopback: true }, 2000, resolve);
    try {
      const result = await sender.send(request(`http://pinned.localhost:${checked.port}/webhooks`));
      expect(result.statusCode).toBe(400); // the receiver answered (400: the test request is unsigned), so it was reached
      expect(checked.requests).toHaveLength(1);
      expect(checked.requests[0]!.headers.host).toBe(`pinned.localhost:${checked.port}`);
      expect(rebound.connections).toBe(0);
      expect(lookups).toBe(1);
    } finally {
      sender.close();
      await checked.close();
      await rebound.close();
    }
  });

  it('never follow a redirect, to loopback or anywhere: the 302 is a failed attempt', async () => {
    const target = await trap();
    const redirecting = await Receiver.start({ secret: 's', answer: () => 302, headers: { location: `http://127.0.0.1:${target.port}/internal` } });
    const sender = new HttpWebhookSender({ allowLoopback: true }, 2000);
    try {
      const body = '{"id":"evt_test"}';
      const signature = signatureHeader(['s'], Math.floor(Date.now() / 1000), body);
      const result = await sender.send({ url: redirecting.url, body, headers: { 'content-type': 'application/json', 'svc-signature': signature } });
      expect(result).toEqual({ statusCode: 302, latencyMs: expect.any(Number), error: 'HTTP 302: redirects are not followed' });
      expect(redirecting.accepted).toHaveLength(1);
      expect(target.connections).toBe(0);
    } finally {
      sender.close();
      await redirecting.close();
      await target.close();
    }
  });

  it('give up after the time-out on a receiver that never answers', async () => {
    const silent = await Receiver.start({ holdMs: 5000 });
    const sender = new HttpWebhookSender({ allowLoopback: true }, 300);
    try {
      const result = await sender.send(request(silent.url));
      expect(result).toMatchObject({ statusCode: null, error: 'no answer within 0.3 s' });
      expect(result.latencyMs).toBeGreaterThanOrEqual(290);
      expect(result.latencyMs).toBeLessThan(2000);
    } finally {
      sender.close();
      await silent.close();
    }
  });
});
