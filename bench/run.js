#!/usr/bin/env node
// `npm run bench`: charge creation and reads over HTTP on loopback against the built gateway on its embedded
// PostgreSQL, side by side with a one-INSERT baseline on the same PostgreSQL server. Bounded in time; stops itself.
// Options (env): BENCH_SECONDS (default 10, per run, in all), BENCH_ROUNDS (default 5: slices per run, interleaved),
// BENCH_CONNECTIONS (default 50), BENCH_MERCHANTS (default 200), BENCH_DEBUG (print status codes per slice),
// BENCH_CREATE_ONLY (stop after the create runs), BENCH_ONLY=create (the create run alone, for profiles).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './support.js';
import { benchWebhooks } from './webhooks.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 200);
const children = [];

function start(command, args, env, readyText) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`${args.join(' ')} not ready in 60 s:\n${output}`)), 60_000).unref();
  });
}

async function json(method, url, token, body) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

// CPU seconds used so far by the bench's processes, by kind: a load-independent measure next to req/s (on a shared
// box, throughput follows the neighbours; CPU per request much less). PostgreSQL's processes are summed.
const TICKS = 100;
function cpuSeconds() {
  const used = { gateway: 0, baseline: 0, postgres: 0, client: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    let command;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS;
    const pid = Number(entry);
    const kind = pid === roles.gateway ? 'gateway' : pid === roles.baseline ? 'baseline' : pid === process.pid ? 'client'
      : command.startsWith('postgres') || stat.includes('(postgres)') ? 'postgres' : null;
    if (kind) used[kind] += seconds;
  }
  return used;
}
const roles = { gateway: 0, baseline: 0 };

/** The gateway's resident memory now and at its peak (VmRSS, VmHWM), in MiB: does a long run make it grow? */
function gatewayMemory() {
  const status = readFileSync(`/proc/${roles.gateway}/status`, 'utf8');
  const mib = (field) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024);
  return { rssMiB: mib('VmRSS'), peakMiB: mib('VmHWM') };
}

function slice(options, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: SLICE_SECONDS, ...options }, (error, result) => {
      if (error) return reject(error);
      if (process.env.BENCH_DEBUG) process.stdout.write(`statuses: ${JSON.stringify(result.statusCodeStats)}\n`);
      resolve({ ok: result['2xx'], failed: result.non2xx + result.errors + result.timeouts, seconds: result.duration || SLICE_SECONDS });
    });
    instance.on('response', (client, status, bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

const percentile = (sorted, p) => Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));

/**
 * Measures several runs side by side: ROUNDS rounds, each a slice of every run in turn, so a neighbour's load on a
 * shared box falls on all of them alike. Throughput over all slices, latency percentiles over every answer.
 */
async function measure(runs) {
  const totals = runs.map(() => ({ ok: 0, failed: 0, seconds: 0, latencies: [], cpu: { gateway: 0, baseline: 0, postgres: 0, client: 0 } }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, run] of runs.entries()) {
      const total = totals[i];
      const before = cpuSeconds();
      const result = await slice(run.options, total.latencies);
      const after = cpuSeconds();
      total.ok += result.ok;
      total.failed += result.failed;
      total.seconds += result.seconds;
      for (const kind of Object.keys(total.cpu)) total.cpu[kind] += after[kind] - before[kind];
    }
  }
  return runs.map((run, i) => {
    const { ok, failed, seconds, latencies, cpu } = totals[i];
    const sorted = latencies.sort((a, b) => a - b);
    const perRequest = (kind) => Number(((cpu[kind] * 1000) / Math.max(ok, 1)).toFixed(3));
    return {
      title: run.title,
      requestsPerSecond: Math.round(ok / seconds),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ok,
      failed,
      cpuMsPerRequest: { gateway: perRequest('gateway'), baseline: perRequest('baseline'), postgres: perRequest('postgres'), client: perRequest('client') },
    };
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-bench-'));
  chmodSync(dataDir, 0o755);
  const [port, adminPort, sandboxPort, pgPort, baselinePort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const operatorToken = 'bench-operator-token-0123456789abcdef';
  process.stdout.write(`Starting the gateway (embedded PostgreSQL in ${dataDir})...\n`);
  const gatewayArgs = [...(process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist/main.js'];
  const shared = { PORT: String(port), ADMIN_PORT: String(adminPort), SANDBOX_PORT: String(sandboxPort), OPERATOR_TOKEN: operatorToken };
  roles.gateway = (await start(process.execPath, gatewayArgs, { ...shared, BENCH_BASELINE: '1', EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir }, 'Pasarela is running')).pid;
  const databaseUrl = `postgres://pasarela:pasarela@127.0.0.1:${pgPort}/pasarela`;
  roles.baseline = (await start(process.execPath, ['bench/baseline-server.js', databaseUrl, String(baselinePort)], {}, 'ready')).pid;

  // Real traffic comes from many merchants (DESIGN.md 5.9): requests take the merchants' keys in turn, so the per-key
  // rate limit holds (BENCH_MERCHANTS, default 200: reads reach 100 req/s per key only past 20,000 req/s).
  const api = `http://127.0.0.1:${port}`;
  const admin = `http://127.0.0.1:${adminPort}/internal`;
  const merchants = [];
  for (let i = 0; i < MERCHANTS; i++) {
    const { id } = await json('POST', `${admin}/merchants`, operatorToken, { nombre: `Bench ${i}` });
    await json('POST', `${admin}/merchants/${id}/aprobacion`, operatorToken);
    const { key } = await json('POST', `${admin}/merchants/${id}/api-keys`, operatorToken, { rol: 'administrador' });
    await json('PUT', `${api}/v1/merchants/me/registro-web`, key, { sitioWeb: 'https://tienda.example', urlRetorno: 'https://tienda.example/gracias' });
    merchants.push({ id, key });
  }
  const memory = { onboarded: gatewayMemory() };
  const body = (merchantId, n) => JSON.stringify({ merchantId, monto: 150000, moneda: 'COP', referencia: `BENCH-${n}`, descripcion: 'Camiseta talla M' });

  let sequence = 0;
  const created = [];
  const createRuns = [
    {
      title: 'baseline: one INSERT per request on the gateway\'s server (POST /bench/baseline)',
      options: { url: `${api}/bench/baseline`, method: 'POST', headers: { 'content-type': 'application/json' }, body: body(merchants[0].id, 0) },
    },
    {
      title: 'plain Fastify + pg, one INSERT per request (own process)',
      options: { url: `http://127.0.0.1:${baselinePort}/baseline`, method: 'POST', headers: { 'content-type': 'application/json' }, body: body(merchants[0].id, 0) },
    },
    {
      title: 'POST /v1/pagos (create a charge)',
      options: {
        url: api,
        requests: [{
          method: 'POST',
          path: '/v1/pagos',
          setupRequest: (request, context) => {
            const n = sequence++;
            context.merchant = merchants[n % merchants.length];
            return {
              ...request,
              headers: { authorization: `Bearer ${context.merchant.key}`, 'idempotency-key': `bench-${n}`, 'content-type': 'application/json' },
              body: body(context.merchant.id, n),
            };
          },
          onResponse: (status, responseBody, context) => {
            if (status === 201 && created.length < 5000) created.push({ id: JSON.parse(responseBody).id, key: context.merchant.key });
          },
        }],
      },
    },
  ];
  // Profiling aid: BENCH_ONLY=create measures the create run alone (a profile then holds nothing else).
  const results = await measure(process.env.BENCH_ONLY === 'create' ? createRuns.slice(2) : createRuns);
  memory.afterCreates = gatewayMemory();
  if ((process.env.BENCH_CREATE_ONLY || process.env.BENCH_ONLY) && !process.env.BENCH_DEBUG) {
    // Profiling aid: stop after the create step (its figures only).
    for (const r of results) process.stdout.write(`${r.title}: ${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, failed ${r.failed}, CPU ms/request ${JSON.stringify(r.cpuMsPerRequest)}\n`);
    process.stdout.write(`gateway memory (RSS, MiB): ${memory.onboarded.rssMiB} once started, ${memory.afterCreates.rssMiB} after the runs; peak ${memory.afterCreates.peakMiB}\n`);
    return;
  }
  results.push(...(await measure([{
    title: 'GET /v1/pagos/{id}',
    options: {
      url: api,
      requests: [{
        method: 'GET',
        setupRequest: (request) => {
          const charge = created[sequence++ % created.length];
          return { ...request, path: `/v1/pagos/${charge.id}`, headers: { authorization: `Bearer ${charge.key}` } };
        },
      }],
    },
  }])));
  memory.afterReads = gatewayMemory();

  // Webhooks (docs/performance.md, "Webhooks"): approvals of the charges just created, to a local receiver.
  const webhooks = await benchWebhooks({ root, databaseUrl, api, merchants, charges: created });
  memory.afterWebhooks = gatewayMemory();

  const [baseline, plain, create] = results;
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    seconds: SECONDS,
    connections: CONNECTIONS,
    results,
    createToBaseline: Number((create.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
    createP99ToBaselineP99: Number((create.p99 / Math.max(baseline.p99, 1)).toFixed(2)),
    createToPlainFastify: Number((create.requestsPerSecond / plain.requestsPerSecond).toFixed(2)),
    webhooks,
    gatewayMemory: memory,
  };
  process.stdout.write('\n| run | req/s | p50 ms | p99 ms | 2xx | failed |\n| --- | ---: | ---: | ---: | ---: | ---: |\n');
  for (const r of results) process.stdout.write(`| ${r.title} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.failed} |\n`);
  process.stdout.write(`\ncreate / baseline throughput: ${report.createToBaseline}  (target >= 0.5; DESIGN.md 9)\n`);
  process.stdout.write(`create p99 / baseline p99: ${report.createP99ToBaselineP99}  (${create.p99} ms / ${baseline.p99} ms; target <= 2, DESIGN.md 9; the issue's absolute target: <= 50 ms)\n`);
  process.stdout.write(`create / plain Fastify throughput: ${report.createToPlainFastify}\n`);
  const { paced, burst } = webhooks;
  process.stdout.write(`\nwebhooks, approval -> delivery: paced ${paced.approvals} at ${paced.ratePerSecond}/s p50 ${paced.p50} ms p99 ${paced.p99} ms; ` +
    `burst of ${burst.approvals}: ${burst.deliveriesPerSecond} deliveries/s (plain POSTs: ${webhooks.yardstickPostsPerSecond}/s), ` +
    `drained ${burst.drainMs} ms after the last approval, p50 ${burst.p50} ms p99 ${burst.p99} ms; ` +
    `${webhooks.receiver.rejected} signatures refused\n`);
  process.stdout.write(`\ngateway memory (RSS, MiB): ${memory.onboarded.rssMiB} once started and ${MERCHANTS} merchants onboarded, ` +
    `${memory.afterCreates.rssMiB} after the create runs (${create.ok} charges), ${memory.afterReads.rssMiB} after the reads, ` +
    `${memory.afterWebhooks.rssMiB} after the webhooks; peak ${memory.afterWebhooks.peakMiB}\n`);
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const file = path.join(root, 'bench', 'results', `bench-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`written to ${path.relative(root, file)}\n`);
}

main()
  .catch((error) => {
    process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(), 3000).unref();
  });
