// `npm run bench`, webhooks part: approval-to-delivery latency (p50/p99) and deliveries/s, from the built gateway to
// a receiver in this process on loopback that verifies every signature (as a merchant's would).
// Approvals go through the gateway's application layer (load the charge, decide ApplyProviderOutcome, append) on its
// database, exactly what a provider notice ends in; the projector and dispatcher of the gateway do the rest.
// Options (env): BENCH_WEBHOOK_RATE (paced approvals/s, default 50), BENCH_WEBHOOK_PACED_SECONDS (default 5),
// BENCH_WEBHOOK_BURST (approvals at once, default 1000).
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);
const PACED_SECONDS = Number(process.env.BENCH_WEBHOOK_PACED_SECONDS ?? 5);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 1000);
const BURST_CONCURRENCY = 50;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
};

/** A merchant's receiver: verifies `t=..,v1=..` over the raw body, records the first arrival of each payment. */
function startReceiver() {
  const secrets = new Map();
  const arrivals = new Map();
  const waiters = new Set();
  const stats = { requests: 0, rejected: 0 };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      stats.requests++;
      const raw = Buffer.concat(chunks).toString('utf8');
      const secret = secrets.get(request.url);
      const header = String(request.headers['svc-signature'] ?? '');
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
      const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
      const expected = secret && t ? createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex') : '';
      const fresh = t && Math.abs(Date.now() / 1000 - Number(t)) <= 300;
      if (!v1 || !fresh || !timingSafeEqual(Buffer.from(v1), Buffer.from(expected.padEnd(64, '0')))) {
        stats.rejected++;
        response.writeHead(400).end();
        return;
      }
      const paymentId = JSON.parse(raw).data.paymentId;
      if (!arrivals.has(paymentId)) arrivals.set(paymentId, at);
      response.writeHead(200).end();
      for (const waiter of waiters) waiter();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        secrets,
        arrivals,
        stats,
        /** Resolves when every id has arrived, or after `ms`. */
        until(ids, ms) {
          return new Promise((done) => {
            const check = () => {
              if (ids.every((id) => arrivals.has(id))) finish();
            };
            const finish = () => {
              clearTimeout(timer);
              waiters.delete(check);
              done();
            };
            const timer = setTimeout(finish, ms);
            waiters.add(check);
            check();
          });
        },
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

/** The yardstick: plain signed POSTs from Node to the same receiver, 32 at a time on keep-alive, for `seconds`. */
async function rawPostRate(receiver, seconds) {
  receiver.secrets.set('/yardstick', 'whsec_yardstick');
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const { port } = new URL(receiver.base);
  let sent = 0;
  const end = performance.now() + seconds * 1000;
  const post = () =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.completed', data: { paymentId: randomUUID() } });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', 'whsec_yardstick').update(`${t}.${body}`).digest('hex');
      const req = httpRequest({ host: '127.0.0.1', port, path: '/yardstick', method: 'POST', agent, headers: { 'content-type': 'application/json', 'svc-signature': `t=${t},v1=${v1}` } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < end) {
        await post();
        sent++;
      }
    }),
  );
  agent.destroy();
  return Math.round(sent / ((performance.now() - started) / 1000));
}

/** Creates `count` charges through the API, spread over the merchants, 20 at a time. */
async function createCharges(api, merchants, count) {
  const made = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < count) {
        const merchant = merchants[next++ % merchants.length];
        const response = await fetch(`${api}/v1/pagos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
          body: JSON.stringify({ merchantId: merchant.id, monto: 150000, moneda: 'COP', referencia: `BENCH-WH-${next}` }),
        });
        if (response.status !== 201) throw new Error(`POST /v1/pagos: ${response.status} ${await response.text()}`);
        made.push({ id: (await response.json()).id, key: merchant.key });
      }
    }),
  );
  return made;
}

/** Approves charges the way the provider path ends: through the built application layer, on the gateway's database. */
async function startApprover(root, databaseUrl) {
  const load = (file) => import(pathToFileURL(path.join(root, 'dist', file)).href);
  await import('reflect-metadata');
  const { openDatabase } = await load('kernel/database.js');
  const { PostgresEventStore } = await load('payments/adapters/event-store/postgres.event-store.js');
  const { ChargeStream } = await load('payments/application/charge-stream.js');
  const { decide } = await load('payments/domain/charge.decide.js');
  const dataSource = await openDatabase({ url: databaseUrl, migrations: [], entities: [], poolSize: 20 });
  const store = await PostgresEventStore.open(dataSource, databaseUrl);
  const charges = new ChargeStream(store);
  return {
    async approve(chargeId) {
      const { state, revision } = await charges.load(chargeId);
      const now = new Date();
      const noticeId = `bench_${randomUUID()}`;
      const data = { outcome: 'approved', method: 'tarjeta', providerReference: `ref_${chargeId.slice(0, 8)}`, noticeId };
      const events = decide({ type: 'ApplyProviderOutcome', data, now }, state);
      await charges.append(chargeId, events, revision, { correlationId: randomUUID(), causationId: noticeId, actor: { type: 'provider', id: 'bench' } }, now);
      return performance.now(); // the approval is committed: the clock starts here
    },
    /** Where the time went, per delivery of these charges: event recorded -> delivery row (projector) -> first
     * attempt started (dispatcher) -> answered (the POST). */
    async stages(chargeIds) {
      const [row] = await dataSource.query(
        `WITH t AS (
           SELECT extract(epoch FROM d.created_at - e.recorded_at) * 1000 AS projector,
                  extract(epoch FROM a.started_at - d.created_at) * 1000 AS dispatcher,
                  a.latency_ms AS post
             FROM webhook_deliveries d
             JOIN events e ON e.event_id = d.event_id
             JOIN webhook_attempts a ON a.delivery_id = d.id AND a.number = 1
            WHERE d.charge_id = ANY($1::uuid[]))
         SELECT ${['projector', 'dispatcher', 'post']
           .flatMap((c) => [50, 99].map((p) => `round(percentile_cont(${p / 100}) WITHIN GROUP (ORDER BY ${c})::numeric, 1)::float8 AS "${c}P${p}"`))
           .join(', ')} FROM t`,
        [chargeIds],
      );
      return row;
    },
    async close() {
      await store.close();
      await dataSource.destroy();
    },
  };
}

/**
 * merchants: [{id, key}]; charges: [{id, key}] still pendiente. Registers every merchant's endpoint on the receiver,
 * then approves a paced series (latency of a quiet pipeline) and a burst (throughput).
 */
export async function benchWebhooks({ root, databaseUrl, api, merchants, charges }) {
  const receiver = await startReceiver();
  for (const [i, merchant] of merchants.entries()) {
    const response = await fetch(`${api}/v1/webhook-endpoint`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiver.base}/hook/${i}` }),
    });
    if (response.status !== 201) throw new Error(`POST /v1/webhook-endpoint: ${response.status} ${await response.text()}`);
    receiver.secrets.set(`/hook/${i}`, (await response.json()).secret);
  }
  const approver = await startApprover(root, databaseUrl);
  const pool = [...new Map(charges.map((c) => [c.id, c])).values()];
  // The create step's charges, topped up when it made fewer than this part needs (a slow machine).
  const needed = Math.round(RATE * PACED_SECONDS) + BURST;
  if (pool.length < needed) pool.push(...(await createCharges(api, merchants, needed - pool.length)));
  try {
    // Paced: one approval every 1/RATE s, each timed from its commit to its arrival.
    const paced = pool.splice(0, Math.min(pool.length, Math.round(RATE * PACED_SECONDS)));
    const pacedStart = new Map();
    const t0 = performance.now();
    for (const [n, charge] of paced.entries()) {
      const wait = t0 + (n * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pacedStart.set(charge.id, await approver.approve(charge.id));
    }
    await receiver.until(paced.map((c) => c.id), 30_000);
    const pacedLatency = paced.map((c) => receiver.arrivals.get(c.id) - pacedStart.get(c.id)).filter(Number.isFinite);

    // Burst: as many approvals as the pool allows, BURST_CONCURRENCY at a time; deliveries/s from the first
    // approval to the last arrival.
    const burst = pool.splice(0, Math.min(pool.length, BURST));
    const burstStart = new Map();
    const b0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: BURST_CONCURRENCY }, async () => {
        while (next < burst.length) {
          const charge = burst[next++];
          burstStart.set(charge.id, await approver.approve(charge.id));
        }
      }),
    );
    const lastApproval = performance.now();
    const approvedIn = (lastApproval - b0) / 1000;
    await receiver.until(burst.map((c) => c.id), 120_000);
    const lastArrival = Math.max(...burst.map((c) => receiver.arrivals.get(c.id) ?? -Infinity));
    const delivered = burst.filter((c) => receiver.arrivals.has(c.id)).length;
    const burstLatency = burst.map((c) => receiver.arrivals.get(c.id) - burstStart.get(c.id)).filter(Number.isFinite);
    return {
      paced: {
        approvals: paced.length,
        ratePerSecond: RATE,
        delivered: pacedLatency.length,
        p50: percentile(pacedLatency, 50),
        p99: percentile(pacedLatency, 99),
        max: percentile(pacedLatency, 100),
        stagesMs: await approver.stages(paced.map((c) => c.id)),
      },
      burst: {
        approvals: burst.length,
        approvalsPerSecond: Math.round(burst.length / approvedIn),
        delivered,
        deliveriesPerSecond: Math.round(delivered / ((lastArrival - b0) / 1000)),
        /** From the last approval's commit to the last arrival: how far the pipeline lagged behind the approvals. */
        drainMs: Math.round(lastArrival - lastApproval),
        p50: percentile(burstLatency, 50),
        p99: percentile(burstLatency, 99),
        stagesMs: await approver.stages(burst.map((c) => c.id)),
      },
      /** Plain signed POSTs to the same receiver: what loopback and the receiver allow at all. */
      yardstickPostsPerSecond: await rawPostRate(receiver, 3),
      receiver: { requests: receiver.stats.requests, rejected: receiver.stats.rejected },
    };
  } finally {
    await approver.close();
    await receiver.close();
  }
}
