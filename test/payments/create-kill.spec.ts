// "Nothing is lost: no half-written state after a crash", for POST /v1/pagos. The gateway (npm start, ROLE=all: the
// API, its sandbox provider and the workers) runs in a child process, SIGKILLed in the middle of a burst of
// creations. After a restart: every charge answered 201 is there as answered; every request retried with its
// Idempotency-Key and body gets its one charge, pendiente (one the crash left creado is completed by the retry, one
// never retried by the stale-charge worker); the list holds one charge per referencia; each history is one
// ChargeCreated and one CheckoutOpened; and the read model equals its rebuild from the log.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chargeStream } from '../../src/payments/domain/charge.events.js';
import { exited, startChild } from '../support/child-process.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, waitUntil, type HttpAnswer } from '../support/gateway.js';
import { onboardMerchant, type GatewayAddress, type OnboardedMerchant } from '../support/merchants.js';
import { freePort } from '../support/ports.js';
import { pasarelaOps } from '../support/cli.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const GATEWAY = path.join(here, '../support/gateway-process.ts');
const REQUESTS = 300;
const IN_FLIGHT = 30;
const KILL_AFTER = 100;
const PROVIDER_DELAY_MS = 25;
const READY_MS = 60_000;
const OPERATOR_TOKEN = 'create-kill-operator-token-0123456789';

interface ChargeBody {
  merchantId: string;
  monto: number;
  moneda: 'COP';
  referencia: string;
  descripcion: string;
}

interface Charge {
  id: string;
  merchantId: string;
  monto: number;
  moneda: string;
  referencia: string;
  estado: string;
  checkoutUrl: string;
  creadoEn: string;
}

interface Request {
  key: string;
  body: ChargeBody;
}

/** What the client knows of a request of the burst: its answer, or that its connection was cut (unknown outcome). */
type Outcome = { kind: 'answered'; answer: HttpAnswer<Charge> } | { kind: 'cut off' } | { kind: 'not sent' };

interface HistoryEvent {
  revision: number;
  tipo: string;
  metadata: { actor: { type: string } };
}

/** What the crash left of a claimed Idempotency-Key, read from the database: its charge, and how far it got. */
interface Claimed {
  id: string;
  state: 'no events' | 'creado' | 'pendiente';
}

async function inLanes<T, R>(items: T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

describe('a gateway killed with SIGKILL during a burst of charge creations', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  const secrets = { PROVIDER_SECRET: randomBytes(32).toString('base64url'), WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') };
  let gw: GatewayAddress;
  let ports: { PORT: string; ADMIN_PORT: string; SANDBOX_PORT: string };
  let merchant: OnboardedMerchant;
  let requests: Request[];
  let outcomes: Outcome[];
  let claimed: Map<string, Claimed>;
  let keptBack: Set<string>;
  let second: ChildProcess;
  /** The charge id of each referencia, as its retry answered it. */
  const idOf = new Map<string, string>();

  const answered = () =>
    outcomes.flatMap((o, i) => (o.kind === 'answered' ? [{ request: requests[i]!, charge: o.answer.body, status: o.answer.status }] : []));
  /** The claimed keys whose charge the crash left in `state`. */
  const left = (state: Claimed['state']): string[] => [...claimed].filter(([, claim]) => claim.state === state).map(([key]) => key);

  /** Starts the gateway in a child process on the test's database and ports; resolves once it serves. */
  const startGateway = async (env: Record<string, string>): Promise<ChildProcess> => {
    const child = await startChild(
      GATEWAY,
      {
        ...process.env,
        DATABASE_URL: db.url,
        OPERATOR_TOKEN,
        ...secrets,
        ...ports,
        SANDBOX_HOST: '127.0.0.1',
        RATE_LIMIT_PER_KEY: '1000000',
        // A loaded machine's slow answer is not what this test is about: no 503 for a provider that answers late.
        PROVIDER_TIMEOUT_MS: '30000',
        GATEWAY_MAX_LIFETIME_MS: '170000',
        ...env,
      },
      'Pasarela is running',
      READY_MS,
    );
    children.push(child);
    return child;
  };

  const create = (request: Request): Promise<HttpAnswer<Charge>> =>
    http<Charge>('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': request.key },
      body: request.body,
    });

  const history = async (id: string): Promise<HistoryEvent[]> => {
    const answer = await http<{ eventos: HistoryEvent[] }>('GET', `${gw.adminUrl}/internal/pagos/${id}/eventos`, { token: OPERATOR_TOKEN });
    expect(answer.status).toBe(200);
    return answer.body.eventos;
  };

  /** Every charge of GET /v1/pagos, page after page. */
  const listAll = async (query = ''): Promise<Charge[]> => {
    const charges: Charge[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const after: string = cursor ? `&cursor=${cursor}` : '';
      const page = await http<{ data: Charge[]; nextCursor: string | null }>('GET', `${gw.publicUrl}/v1/pagos?limit=100${query}${after}`, {
        token: merchant.apiKey,
      });
      expect(page.status).toBe(200);
      charges.push(...page.body.data);
      cursor = page.body.nextCursor;
    }
    return charges;
  };

  /** Each claimed Idempotency-Key, its charge and the charge's last event, straight from the database. */
  const claimedKeys = async (): Promise<Map<string, Claimed>> => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; id: string; last: string | null }>(
        `SELECT k.idem_key AS key, k.charge_id AS id,
                (SELECT e.type FROM events e WHERE e.stream_id = $1 || k.charge_id ORDER BY e.revision DESC LIMIT 1) AS last
           FROM idempotency_keys k`,
        [chargeStream('')],
      );
      const state = (last: string | null): Claimed['state'] =>
        last === null ? 'no events' : last === 'ChargeCreated' ? 'creado' : 'pendiente';
      return new Map(rows.map((row) => [row.key, { id: row.id, state: state(row.last) }]));
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const taken = new Set<number>();
    while (taken.size < 3) taken.add(await freePort());
    const [port, adminPort, sandboxPort] = [...taken].map(String) as [string, string, string];
    ports = { PORT: port, ADMIN_PORT: adminPort, SANDBOX_PORT: sandboxPort };
    gw = { publicUrl: `http://127.0.0.1:${port}`, adminUrl: `http://127.0.0.1:${adminPort}`, operatorToken: OPERATOR_TOKEN };

    // The stale-charge worker waits its default minute here: nothing but the crash touches the burst's charges.
    const first = await startGateway({ ROLE: 'all' });
    merchant = await onboardMerchant(gw);
    // A provider that takes PROVIDER_DELAY_MS to open a session, as real ones do: the kill then finds charges between
    // ChargeCreated and CheckoutOpened as well as before their claim and after their checkout.
    const slow = await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, {
      token: OPERATOR_TOKEN,
      body: { demoraMs: PROVIDER_DELAY_MS },
    });
    if (slow.status !== 200) throw new Error(`PUT /internal/sandbox/comportamiento answered ${slow.status}: ${slow.text}`);
    requests = Array.from({ length: REQUESTS }, (_, i) => ({
      key: `crash-${i}`,
      body: { merchantId: merchant.merchantId, monto: 10_000 + i, moneda: 'COP', referencia: `CRASH-${i}`, descripcion: `Pedido ${i}` },
    }));

    // IN_FLIGHT lanes; the KILL_AFTER-th answer kills the gateway, and the lanes stop sending.
    let answered = 0;
    outcomes = await inLanes(requests, IN_FLIGHT, async (request): Promise<Outcome> => {
      if (first.killed) return { kind: 'not sent' };
      try {
        const answer = await create(request);
        if (++answered === KILL_AFTER) first.kill('SIGKILL');
        return { kind: 'answered', answer };
      } catch (error) {
        // A connection lost before the kill is a failure of its own, not the crash under test.
        if (!first.killed) throw error;
        return { kind: 'cut off' };
      }
    });
    await exited(first);
    if (first.signalCode !== 'SIGKILL') throw new Error(`the gateway ended by ${first.exitCode ?? first.signalCode}, not by the SIGKILL`);

    claimed = await claimedKeys();
    // Half the charges left creado are not retried at first: the worker must finish those.
    keptBack = new Set(left('creado').filter((_, i) => i % 2 === 1));
    const count = (kind: Outcome['kind']): number => outcomes.filter((o) => o.kind === kind).length;
    console.log(
      `create kill test: ${count('answered')} answered before the SIGKILL, ${count('cut off')} cut off in flight, ` +
        `${count('not sent')} not sent; ${claimed.size} keys claimed, ${left('creado').length} charges left creado ` +
        `(${keptBack.size} kept back from the retries, for the worker), ${left('no events').length} claims without their ChargeCreated`,
    );

    // The API role alone: no worker may finish a charge left creado; only the retries can.
    second = await startGateway({ ROLE: 'api' });
  }, 110_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    await db?.drop();
  });

  it('was killed mid-flight: requests cut off, and charges cut between ChargeCreated and CheckoutOpened', () => {
    expect(outcomes.filter((o) => o.kind === 'cut off').length).toBeGreaterThan(0);
    // Enough of them to retry some and leave the others to the worker.
    expect(left('creado').length).toBeGreaterThanOrEqual(2);
  });

  it('answered 201 with a pendiente charge before the kill, and reads each one the same after the restart', async () => {
    const answers = answered();
    expect(answers.length).toBeGreaterThanOrEqual(KILL_AFTER);
    for (const { charge, status } of answers) {
      expect(status).toBe(201);
      expect(charge.estado).toBe('pendiente');
      const read = await http<Charge>('GET', `${gw.publicUrl}/v1/pagos/${charge.id}`, { token: merchant.apiKey });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(charge);
    }
  });

  it('answers each request retried with its key and body with its one charge, pendiente: the retry completes one left creado', async () => {
    const answeredBy = new Map(answered().map((a) => [a.request.key, a.charge]));
    const retried = requests.filter((r) => !keptBack.has(r.key));
    const retries = await inLanes(retried, IN_FLIGHT, create);
    retried.forEach((request, i) => {
      const retry = retries[i]!;
      expect({ key: request.key, status: retry.status }).toEqual({ key: request.key, status: 201 });
      const before = answeredBy.get(request.key);
      if (before) expect(retry.body).toEqual(before);
      const { merchantId, monto, moneda, referencia } = request.body;
      expect(retry.body).toMatchObject({ merchantId, monto, moneda, referencia, estado: 'pendiente' });
      // The charge the crash left (answered, or cut off after its claim) is the one answered, never a second one.
      const claim = claimed.get(request.key);
      if (claim) expect(retry.body.id).toBe(claim.id);
      expect(retry.headers.get('idempotent-replayed')).toBe(claim ? 'true' : null);
      idOf.set(referencia, retry.body.id);
    });
    for (const key of left('creado').filter((k) => !keptBack.has(k))) {
      const opened = (await history(claimed.get(key)!.id)).find((e) => e.tipo === 'CheckoutOpened');
      expect(opened?.metadata.actor.type).toBe('merchant-key');
    }
  });

  it('has the worker finish a charge left creado and never retried, found by its referencia; its retry then answers it', async () => {
    second.kill('SIGTERM');
    await exited(second);
    // The whole gateway again, its worker finishing charges left creado for a second.
    await startGateway({ ROLE: 'all', STALE_CHARGE_AFTER_SECONDS: '1' });
    const unretried = requests.filter((r) => keptBack.has(r.key));
    const found = await waitUntil(
      () => Promise.all(unretried.map((request) => listAll(`&referencia=${request.body.referencia}`))),
      (lists) => lists.every((list) => list.length === 1 && list[0]!.estado === 'pendiente'),
      30_000,
    );
    for (const [i, request] of unretried.entries()) {
      const [charge] = found[i]!;
      expect(charge!.id).toBe(claimed.get(request.key)!.id);
      const opened = (await history(charge!.id)).find((e) => e.tipo === 'CheckoutOpened');
      expect(opened?.metadata.actor.type).toBe('system');
      const retry = await create(request);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(charge);
      idOf.set(request.body.referencia, retry.body.id);
    }
  });

  it('lists exactly one charge per request sent, each with the id its retry answered', async () => {
    const listed = await waitUntil(
      () => listAll(),
      (charges) => charges.length >= REQUESTS && charges.every((c) => c.estado === 'pendiente'),
      30_000,
    );
    expect(listed).toHaveLength(REQUESTS);
    expect(listed.map((c) => c.referencia).sort()).toEqual(requests.map((r) => r.body.referencia).sort());
    expect(new Map(listed.map((c) => [c.referencia, c.id]))).toEqual(idOf);
  });

  it('keeps one ChargeCreated and one CheckoutOpened in each history, revisions without gaps', async () => {
    const histories = await inLanes([...idOf.values()], IN_FLIGHT, history);
    expect(histories).toHaveLength(REQUESTS);
    for (const events of histories) {
      expect(events.map((e) => [e.revision, e.tipo])).toEqual([
        [0, 'ChargeCreated'],
        [1, 'CheckoutOpened'],
      ]);
    }
  });

  it('has a read model equal to its rebuild from the log (pasarela-ops replay)', async () => {
    const replay = await pasarelaOps(gw, ['--json', 'replay'], { timeout: 60_000 });
    expect(replay).toMatchObject({ code: 0 });
    expect(JSON.parse(replay.stdout).resultado.iguales).toBe(true);
  });
});
