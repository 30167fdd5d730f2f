// Every connection the gateway holds to PostgreSQL probes with TCP keepalive (kernel/database.ts): the LISTEN
// connections and the projectors' lock sit idle, and a NAT that forgot them, or a server host gone without a reset,
// would otherwise leave them looking alive forever. Seen from the kernel's side: each socket's timer in /proc/net/tcp.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

/** /proc/net/tcp's timer kind for a socket whose keepalive timer is armed. */
const KEEPALIVE_TIMER = 2;

interface Backend {
  application_name: string;
  client_port: number;
}

describe('the connections to PostgreSQL', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
    // A create and a read: the pool's connections, the projectors' lock, the three LISTEN connections all in use.
    const merchant = await onboardMerchant(gw);
    const created = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'Idempotency-Key': 'keepalive-1' },
      body: { merchantId: merchant.merchantId, monto: 15000, moneda: 'COP', referencia: 'KA-1' },
    });
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await gw?.close();
  });

  /** The gateway's backends on its own database, with the client-side port of each. */
  async function gatewayBackends(): Promise<Backend[]> {
    const client = new pg.Client({ connectionString: gw.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<Backend>(
        `SELECT application_name, client_port FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND client_port IS NOT NULL`,
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  /**
   * The kernel's timer on the established IPv4 socket whose local port is this one (/proc/net/tcp's `tr` column:
   * 0 none, 1 retransmit, 2 keepalive, 3 TIME_WAIT, 4 zero-window probe), or undefined if there is no such socket.
   */
  function socketTimer(localPort: number): number | undefined {
    const port = localPort.toString(16).toUpperCase().padStart(4, '0');
    const ESTABLISHED = '01';
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const [, local, , state, , timer] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${port}`) && state === ESTABLISHED) return Number(timer?.split(':')[0]);
    }
    return undefined;
  }

  it('all keep alive, the idle LISTEN connections included', async () => {
    const backends = await gatewayBackends();
    const names = new Set(backends.map((backend) => backend.application_name));
    expect(names).toEqual(new Set(['pasarela', 'pasarela-listen', 'pasarela-webhooks', 'pasarela-merchant-cache']));

    // A socket with a query in flight shows its retransmit timer (1) instead: each must show keepalive once idle.
    const seen = new Set<number>();
    const withoutKeepalive = async () => {
      for (const backend of backends) if (socketTimer(backend.client_port) === KEEPALIVE_TIMER) seen.add(backend.client_port);
      return backends.filter((backend) => !seen.has(backend.client_port));
    };
    expect(await waitUntil(withoutKeepalive, (missing) => missing.length === 0, 5_000)).toEqual([]);
  });
});
