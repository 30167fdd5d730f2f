#!/usr/bin/env node
// `npm run bench:reads`: the merchant-facing reads at scale (docs/performance.md, "Reads at scale"). Builds a
// throw-away embedded PostgreSQL with one big merchant (READS_BIG charges over two years, default 1,000,000) and
// READS_SMALL small merchants (default 200, READS_SMALL_EACH charges each, default 3,000), writes the read-model rows
// with SQL in the projector's shape, EXPLAINs (ANALYZE, BUFFERS) the statements the adapters really send (captured by
// calling the built adapters), times the projector's batch write, then times the real HTTP requests through the
// gateway (DATABASE_URL mode, loopback): READS_REQUESTS per path (default 300) one at a time and 10 at a time.
// Bounded in time (READS_MAX_MINUTES, default 25); stops itself and deletes its data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../dist/kernel/embedded-postgres.js';
import { PostgresChargeViews } from '../dist/payments/adapters/persistence/postgres.charge-views.js';
import { PostgresChargeStats } from '../dist/payments/adapters/persistence/postgres.charge-stats.js';
import { PostgresDeliveryLog } from '../dist/webhooks/adapters/persistence/postgres.delivery-log.js';
import { PostgresPaymentAnomalies } from '../dist/payments/adapters/anomalies/postgres.payment-anomalies.js';
import { PostgresSettingsHistory } from '../dist/merchants/adapters/persistence/postgres.settings-history.js';
import { WRITE_ROWS } from '../dist/payments/adapters/projections/charges.projection.js';
import { BACKFILL_CHARGES_DAILY } from '../dist/migrations/1764000000970-charges-daily.js';
import { freePort } from './support.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const BIG = Number(process.env.READS_BIG ?? 1_000_000);
const SMALL = Number(process.env.READS_SMALL ?? 200);
const SMALL_EACH = Number(process.env.READS_SMALL_EACH ?? 3000);
const REQUESTS = Number(process.env.READS_REQUESTS ?? 300);
// Two years of stats take up to a second or so each: fewer of them (READS_STATS_REQUESTS, default 60).
const STATS_REQUESTS = Number(process.env.READS_STATS_REQUESTS ?? 60);
const MAX_MINUTES = Number(process.env.READS_MAX_MINUTES ?? 25);
const OPERATOR_TOKEN = 'bench-operator-token-0123456789abcdef';
const children = [];
const out = (line = '') => process.stdout.write(`${line}\n`);
const report = { date: new Date().toISOString(), machine: `${os.cpus().length} cores, Node ${process.version}`, dataset: {}, plans: [], projector: {}, http: [] };

function startGateway(env) {
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('Pasarela is running')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`gateway exited ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`gateway not ready in 120 s:\n${output}`)), 120_000).unref();
  });
}

async function stopGateway(child) {
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  children.splice(children.indexOf(child), 1);
}

async function call(method, url, token, body, headers = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A person signed in to the portal: the cookies a browser keeps, and the invitation's form posted as it would. */
async function portalSession(api, admin, merchantId, email) {
  const invite = await call('POST', `${admin}/internal/merchants/${merchantId}/personas`, OPERATOR_TOKEN, { email, nombre: 'Dueña' });
  const cookies = new Map();
  const send = async (method, pathname, body) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${api}${pathname}`, {
      method, body, redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return { status: response.status, text: await response.text() };
  };
  const invitation = new URL(invite.invitacion.url).pathname;
  const page = await send('GET', invitation);
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1];
  const password = 'cuatro palabras del mercado';
  const accepted = await send('POST', invitation, new URLSearchParams({ csrf, password, confirmacion: password }).toString());
  if (accepted.status !== 303) throw new Error(`invitation answered ${accepted.status}`);
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

// ---------------------------------------------------------------------------------------------------------------
// The data set, in the projector's shape (charges.projection.ts createdRow/rowChange, outbox.ts INSERT_DELIVERIES).
// Estados: aprobado 55 %, fallido 17 %, conciliado 18 %, reembolsado 2 %, pendiente 8 % (creado is a moment's
// state: the stale sweep finishes it). Revisions as the events make them: created 0, opened 1, decided 2, later 3.
const CHARGES_SQL = `
  INSERT INTO charges (id, merchant_id, monto, moneda, referencia, descripcion, url_retorno, estado, checkout_token,
                       creado_en, actualizado_en, metodo, provider_session_id, revision)
  SELECT gen_random_uuid(), $1::uuid, 1000 + (random() * 2000000)::bigint, 'COP',
         'PED-' || lpad(($4::bigint + n)::text, 9, '0'),
         CASE WHEN n % 3 = 0 THEN NULL ELSE 'Pedido ' || n END,
         'https://tienda.example.co/gracias', e.estado,
         replace(replace(encode(decode(md5(random()::text) || md5(random()::text), 'hex'), 'base64'), '+', '-'), '/', '_'),
         t.creado, t.creado + interval '3 minutes',
         CASE WHEN e.estado = 'pendiente' THEN NULL ELSE (ARRAY['pse', 'tarjeta', 'efectivo'])[1 + n % 3] END,
         'ses_' || md5(n::text || $1), CASE e.estado WHEN 'pendiente' THEN 1 WHEN 'aprobado' THEN 2 WHEN 'fallido' THEN 2 ELSE 3 END
    FROM generate_series(1, $2::int) AS n,
         LATERAL (SELECT now() - interval '2 minutes'
                         - ($3::float8 * 86400 * ($4::bigint + n - 1 + random() * 0.9) / $5::float8) * interval '1 second' AS creado) t,
         LATERAL (SELECT CASE WHEN r < 0.55 THEN 'aprobado' WHEN r < 0.72 THEN 'fallido' WHEN r < 0.90 THEN 'conciliado'
                              WHEN r < 0.92 THEN 'reembolsado' ELSE 'pendiente' END AS estado
                    FROM (SELECT random() + n * 0 AS r) x) e`;

const DELIVERIES_SQL = `
  INSERT INTO webhook_deliveries (id, event_id, webhook_event_id, merchant_id, charge_id, event_type, body, estado,
                                  attempts, series_attempts, next_attempt_at, created_at, delivered_at, updated_at)
  SELECT gen_random_uuid(), gen_random_uuid(), 'evt_' || replace(c.id::text, '-', ''), c.merchant_id, c.id,
         CASE WHEN c.estado = 'fallido' THEN 'payment.failed' ELSE 'payment.completed' END,
         json_build_object('id', 'evt_' || replace(c.id::text, '-', ''), 'type',
                           CASE WHEN c.estado = 'fallido' THEN 'payment.failed' ELSE 'payment.completed' END,
                           'created', extract(epoch FROM c.actualizado_en)::bigint,
                           'data', json_build_object('id', c.id, 'merchantId', c.merchant_id, 'monto', c.monto, 'moneda', 'COP',
                                                     'referencia', c.referencia, 'estado', c.estado))::text,
         CASE WHEN random() < 0.97 THEN 'entregada' ELSE 'fallida' END, 1, 1, c.actualizado_en,
         c.actualizado_en, c.actualizado_en + interval '200 ms', c.actualizado_en + interval '200 ms'
    FROM charges c WHERE c.merchant_id = ANY($1::uuid[]) AND c.estado <> 'pendiente'`;

const ATTEMPTS_SQL = `
  INSERT INTO webhook_attempts (delivery_id, number, url, started_at, status_code, latency_ms, error)
  SELECT d.id, 1, 'https://tienda.example.co/webhooks', d.created_at,
         CASE WHEN d.estado = 'entregada' THEN 200 ELSE 500 END, 80 + (random() * 300)::int,
         CASE WHEN d.estado = 'entregada' THEN NULL ELSE 'HTTP 500' END
    FROM webhook_deliveries d WHERE d.merchant_id = $1`;

const ANOMALIES_SQL = `
  INSERT INTO payment_anomalies (id, notice_id, charge_id, tipo, resultado, metodo, estado_cargo, detalle, aviso, recibida_en)
  SELECT gen_random_uuid(), 'aviso-' || n, c.id, 'aviso_tras_estado_final', 'aprobado', c.metodo, c.estado,
         'El proveedor avisó un pago de un cargo ya final', json_build_object('sesion', c.provider_session_id, 'n', n)::jsonb,
         c.actualizado_en + interval '1 hour'
    FROM (SELECT s.*, row_number() OVER () AS n
            FROM (SELECT id, metodo, estado, provider_session_id, actualizado_en FROM charges TABLESAMPLE SYSTEM (2) LIMIT $1) s) c`;

const CHANGES_SQL = `
  INSERT INTO web_registration_changes (merchant_id, sitio_web_anterior, url_retorno_anterior, sitio_web, url_retorno, actor, cambiado_en)
  SELECT $1::uuid, 'https://tienda.example.co', 'https://tienda.example.co/gracias', 'https://tienda.example.co',
         'https://tienda.example.co/gracias', json_build_object('type', 'operator', 'id', 'operador')::jsonb,
         now() - interval '1 day' - n * interval '3 hours'
    FROM generate_series(1, $2::int) AS n`;

// Events of other streams (a type no projection reads): the event store at the size of the charges it holds, so a
// stream read (GET /v1/pagos/{id}, liquidacion) probes an index of that size. Two per big charge (with the real ones, about the count a charge's three events would make for half of them).
const FILLER_EVENTS_SQL = `
  INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at)
  SELECT 'relleno-' || (n / 3), n % 3, gen_random_uuid(), 'RellenoDeBench',
         json_build_object('merchantId', $1::text, 'monto', n, 'referencia', 'PED-' || n, 'descripcion', 'Pedido ' || n,
                           'urlRetorno', 'https://tienda.example.co/gracias', 'checkoutToken', md5(n::text))::jsonb,
         json_build_object('actor', json_build_object('type', 'merchant-key', 'id', $1::text))::jsonb, now()
    FROM generate_series($2::int, $3::int) AS n`;

async function timed(label, work) {
  const started = Date.now();
  const result = await work();
  out(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// The statements as the adapters send them: each adapter is called with a stand-in DataSource that records its SQL.
function capturing() {
  const captured = [];
  const record = (sql, params) => {
    captured.push({ sql, params: params ?? [] });
    return [];
  };
  const dataSource = {
    query: async (sql, params) => record(sql, params),
    createQueryRunner: () => ({ query: async (sql, params) => (record(sql, params), { records: [], affected: 0 }), release: async () => undefined }),
  };
  return { dataSource, captured };
}

async function statementsOf(call) {
  const { dataSource, captured } = capturing();
  await call(dataSource);
  return captured;
}

function summarize(plan) {
  const root = plan[0].Plan;
  const nodes = [];
  const walk = (node) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  const scans = nodes
    .filter((n) => /Scan/.test(n['Node Type']))
    .map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}${n['Relation Name'] && !n['Index Name'] ? ` ${n['Relation Name']}` : ''} (${n['Actual Rows'] * (n['Actual Loops'] ?? 1)} rows${n['Rows Removed by Filter'] ? `, ${n['Rows Removed by Filter']} filtered out` : ''})`);
  const sorts = nodes.filter((n) => n['Node Type'] === 'Sort').map((n) => `Sort ${n['Sort Method'] ?? ''} ${n['Actual Rows']} rows`);
  return {
    ms: Number(plan[0]['Execution Time'].toFixed(2)),
    rows: root['Actual Rows'],
    buffers: (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0),
    scans: scans.join('; '),
    sorts: sorts.join('; '),
  };
}

async function explain(client, title, statements) {
  for (const [i, { sql, params }] of statements.entries()) {
    // Twice: the first run warms the cache the way a merchant's repeated reads do; the second is reported.
    await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const summary = { title: statements.length > 1 ? `${title} [${i + 1}]` : title, ...summarize(rows[0]['QUERY PLAN']) };
    report.plans.push({ ...summary, sql: sql.replace(/\s+/g, ' ').trim(), plan: rows[0]['QUERY PLAN'] });
    out(`| ${summary.title} | ${summary.ms} | ${summary.rows} | ${summary.buffers} | ${summary.scans}${summary.sorts ? `; ${summary.sorts}` : ''} |`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
const percentile = (sorted, p) => Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));

/** REQUESTS requests of `paths` in turn, `concurrency` at a time; p50/p99 of the 2xx answers (every other is counted). */
async function timeRequests(title, base, paths, headers, concurrency, count = REQUESTS) {
  const latencies = [];
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const pathname = paths[next++ % paths.length];
      const started = process.hrtime.bigint();
      const response = await fetch(`${base}${pathname}`, { headers });
      await response.arrayBuffer();
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.ok) latencies.push(ms);
      else failed++;
    }
  };
  // A few warm-up requests (connections, caches) before the timed ones.
  for (const pathname of paths.slice(0, 5)) await (await fetch(`${base}${pathname}`, { headers })).arrayBuffer();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sorted = latencies.sort((a, b) => a - b);
  const result = { title, concurrency, ok: sorted.length, failed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
  report.http.push(result);
  out(`| ${title} | ${concurrency} | ${result.ok} | ${failed} | ${result.p50} | ${result.p99} | ${result.max} |`);
}

async function main() {
  const deadline = setTimeout(() => {
    process.stderr.write(`bench:reads stopped: over ${MAX_MINUTES} minutes\n`);
    cleanup().finally(() => process.exit(1));
  }, MAX_MINUTES * 60_000);
  deadline.unref();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-reads-'));
  chmodSync(dataDir, 0o755);
  cleanupDirs.push(dataDir);
  const [port, adminPort, sandboxPort, pgPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  out(`Starting PostgreSQL in ${dataDir}...`);
  const db = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg'), port: pgPort, database: 'pasarela', persistent: true, log: (line) => process.env.READS_DEBUG && process.stderr.write(`${line}\n`) });
  database = db;
  const env = {
    DATABASE_URL: db.url, OPERATOR_TOKEN, PROVIDER_SECRET: 'bench-provider-secret-0123456789abcdef',
    WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'), PORT: String(port), ADMIN_PORT: String(adminPort),
    SANDBOX_PORT: String(sandboxPort), SANDBOX_HOST: '127.0.0.1', RATE_LIMIT_PER_KEY: '1000000', DATA_DIR: path.join(dataDir, 'gateway'),
  };
  const api = `http://127.0.0.1:${port}`;
  const admin = `http://127.0.0.1:${adminPort}`;
  let gateway = await startGateway(env);
  out('Gateway started; onboarding merchants and making real charges...');

  // Merchants through the API (the big one and three small ones sign in); the other small ones exist only as rows.
  const onboard = async (nombre) => {
    const { id } = await call('POST', `${admin}/internal/merchants`, OPERATOR_TOKEN, { nombre });
    await call('POST', `${admin}/internal/merchants/${id}/aprobacion`, OPERATOR_TOKEN);
    const { key } = await call('POST', `${admin}/internal/merchants/${id}/api-keys`, OPERATOR_TOKEN, { rol: 'administrador' });
    await call('PUT', `${api}/v1/merchants/me/registro-web`, key, { sitioWeb: 'https://tienda.example.co', urlRetorno: 'https://tienda.example.co/gracias' });
    return { id, key };
  };
  const big = await onboard('Tienda grande');
  const smalls = [await onboard('Tienda pequeña 1'), await onboard('Tienda pequeña 2'), await onboard('Tienda pequeña 3')];
  // Real charges (event streams) for GET /v1/pagos/{id} and its liquidacion: half approved through the sandbox.
  const real = { big: [], small: [] };
  for (const [who, merchant] of [['big', big], ['small', smalls[0]]]) {
    for (let i = 0; i < 40; i++) {
      const charge = await call('POST', `${api}/v1/pagos`, merchant.key, { merchantId: merchant.id, monto: 150000 + i, moneda: 'COP', referencia: `REAL-${who}-${i}`, descripcion: 'Camiseta' }, { 'idempotency-key': `real-${who}-${i}` });
      if (i % 2 === 0) await call('POST', `${admin}/internal/sandbox/pagos/${charge.id}/resultado`, OPERATOR_TOKEN, { resultado: 'aprobado' });
      real[who].push({ id: charge.id, approved: i % 2 === 0 });
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  client.on('error', (error) => process.stderr.write(`bench:reads: connection lost: ${error.message}\n`));
  await client.connect();
  for (;;) {
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM charges WHERE estado = 'aprobado'`);
    if (rows[0].n >= 40) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cookies = { big: await portalSession(api, admin, big.id, 'grande@tienda.example.co'), small: await portalSession(api, admin, smalls[0].id, 'pequena@tienda.example.co') };
  await stopGateway(gateway);

  out(`\nWriting the data set (${BIG} charges for one merchant over 730 days, ${SMALL} merchants x ${SMALL_EACH})...`);
  const smallIds = [...smalls.map((s) => s.id)];
  while (smallIds.length < SMALL) smallIds.push((await client.query('SELECT gen_random_uuid() AS id')).rows[0].id);
  await timed('big merchant charges', async () => {
    for (let start = 0; start < BIG; start += 250_000) {
      // Chunks keep one statement's memory small; each chunk covers its own slice of the two years, newest first.
      const n = Math.min(250_000, BIG - start);
      await client.query(
        CHARGES_SQL,
        [big.id, n, 730, start, BIG],
      );
    }
  });
  await timed('small merchants charges', async () => {
    for (const id of smallIds) await client.query(CHARGES_SQL, [id, SMALL_EACH, 730, 0, SMALL_EACH]);
  });
  // The stats' daily totals of every row, as migration 970 makes them on an upgraded database (the projector kept
  // those of the real charges; they are made again here with the rest): also times that migration at this size.
  await timed('charges_daily (migration 970 backfill)', async () => {
    await client.query('DELETE FROM charges_daily');
    await client.query(BACKFILL_CHARGES_DAILY);
  });
  await timed('webhook deliveries', () => client.query(DELIVERIES_SQL, [[big.id, ...smallIds]]));
  await timed('webhook attempts (big merchant)', () => client.query(ATTEMPTS_SQL, [big.id]));
  await timed('payment anomalies', () => client.query(ANOMALIES_SQL, [20_000]));
  await timed('settings changes (big merchant)', () => client.query(CHANGES_SQL, [big.id, 2000]));
  await timed('filler events', async () => {
    for (let start = 0; start < BIG * 2; start += 500_000) await client.query(FILLER_EVENTS_SQL, [big.id, start, Math.min(BIG * 2, start + 500_000) - 1]);
  });
  // The projectors resume past the filler (no projection reads its type; this only spares them the walk).
  await client.query(`UPDATE projection_checkpoints SET commit = (SELECT max(transaction_id)::text::bigint FROM events),
                        prepare = (SELECT max(global_position) FROM events)`);
  await client.query(`UPDATE webhook_outbox_mark SET commit = (SELECT max(transaction_id)::text::bigint FROM events),
                        prepare = (SELECT max(global_position) FROM events)`);
  await timed('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
  const sizes = await client.query(`SELECT relname, n_live_tup::bigint AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
                                      FROM pg_stat_user_tables WHERE n_live_tup > 1000 ORDER BY pg_total_relation_size(relid) DESC`);
  const dbSize = (await client.query('SELECT pg_size_pretty(pg_database_size(current_database())) AS s')).rows[0].s;
  report.dataset = { big: BIG, small: SMALL, smallEach: SMALL_EACH, tables: sizes.rows, databaseSize: dbSize };
  for (const row of sizes.rows) out(`  ${row.relname}: ${row.rows} rows, ${row.size}`);
  out(`  database: ${dbSize}`);

  // --------------------------------------------------------------------------------------------------------------
  const views = (ds) => new PostgresChargeViews(ds);
  const stats = (ds) => new PostgresChargeStats(ds);
  const deep = (await client.query('SELECT creado_en, id FROM charges WHERE merchant_id = $1 ORDER BY creado_en DESC, id DESC OFFSET $2 LIMIT 1', [big.id, Math.floor(BIG / 2)])).rows[0];
  const refRow = (await client.query(`SELECT referencia FROM charges WHERE merchant_id = $1 ORDER BY creado_en DESC OFFSET $2 LIMIT 1`, [big.id, Math.floor(BIG * 0.3)])).rows[0];
  const smallDeep = (await client.query('SELECT creado_en, id FROM charges WHERE merchant_id = $1 ORDER BY creado_en DESC, id DESC OFFSET $2 LIMIT 1', [smalls[0].id, Math.floor(SMALL_EACH / 2)])).rows[0];
  const day = 86_400_000;
  const now = Date.now();
  const bogotaDay = (ms) => new Date(ms - 5 * 3600_000).toISOString().slice(0, 10);
  const list = (merchant, filter, after = null, limit = 20) => statementsOf((ds) => views(ds).list(merchant, filter, after, limit));
  const cases = [];
  for (const [who, merchant, deepRow] of [['big', big.id, deep], ['small', smalls[0].id, smallDeep]]) {
    const cursor = { creadoEn: deepRow.creado_en.toISOString(), id: deepRow.id };
    cases.push(
      [`${who}: list, first page`, await list(merchant, {})],
      [`${who}: list, deep page (cursor)`, await list(merchant, {}, cursor)],
      [`${who}: list, estado=pendiente`, await list(merchant, { estado: 'pendiente' })],
      [`${who}: list, estado=reembolsado, deep cursor`, await list(merchant, { estado: 'reembolsado' }, cursor)],
      [`${who}: list, desde/hasta (one week a year ago)`, await list(merchant, { desde: new Date(now - 365 * day), hasta: new Date(now - 358 * day) })],
      [`${who}: list, desde/hasta (one week a year ago), deep cursor`, await list(merchant, { desde: new Date(now - 365 * day), hasta: new Date(now - 358 * day) }, { creadoEn: new Date(now - 361 * day).toISOString(), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' })],
      [`${who}: list, estado=fallido + desde/hasta`, await list(merchant, { estado: 'fallido', desde: new Date(now - 365 * day), hasta: new Date(now - 358 * day) })],
      [`${who}: list, estado=fallido + desde/hasta + cursor`, await list(merchant, { estado: 'fallido', desde: new Date(now - 365 * day), hasta: new Date(now - 358 * day) }, { creadoEn: new Date(now - 361 * day).toISOString(), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' })],
      [`${who}: list, referencia`, await list(merchant, { referencia: who === 'big' ? refRow.referencia : 'PED-000000100' })],
      [`${who}: list, referencia + estado + desde/hasta`, await list(merchant, { referencia: who === 'big' ? refRow.referencia : 'PED-000000100', estado: 'aprobado', desde: new Date(now - 730 * day), hasta: new Date(now) })],
      [`${who}: stats 731 days by dia`, await statementsOf((ds) => stats(ds).groups(merchant, bogotaDay(now - 730 * day), bogotaDay(now), 'day'))],
      [`${who}: stats 731 days by mes`, await statementsOf((ds) => stats(ds).groups(merchant, bogotaDay(now - 730 * day), bogotaDay(now), 'month'))],
      [`${who}: stats 90 days by semana (portal Resumen)`, await statementsOf((ds) => stats(ds).groups(merchant, bogotaDay(now - 89 * day), bogotaDay(now), 'week'))],
      [`${who}: operator deliveries`, await statementsOf((ds) => new PostgresDeliveryLog(ds).list(merchant, { limit: 50 }))],
      [`${who}: operator deliveries, estado=fallida`, await statementsOf((ds) => new PostgresDeliveryLog(ds).list(merchant, { estado: 'fallida', limit: 50 }))],
      [`${who}: cambios, first page`, await statementsOf((ds) => new PostgresSettingsHistory(ds).list(merchant, null, 20))],
    );
  }
  const someDeliveries = (await client.query('SELECT id FROM webhook_deliveries WHERE merchant_id = $1 ORDER BY created_at DESC LIMIT 50', [big.id])).rows.map((r) => r.id);
  cases.push(
    ['operator deliveries: their attempts', [{ sql: 'SELECT delivery_id, number, url, started_at, status_code, latency_ms, error FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, number', params: [someDeliveries] }]],
    ['operator anomalies', await statementsOf((ds) => new PostgresPaymentAnomalies(ds).list({}, 100))],
    ['operator anomalies, pagoId', await statementsOf((ds) => new PostgresPaymentAnomalies(ds).list({ chargeId: real.big[0].id }, 100))],
    ['stream read (GET /v1/pagos/{id})', [{ sql: 'SELECT global_position, transaction_id, stream_id, revision, event_id, type, data, metadata, recorded_at FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision', params: [[`charge-${real.big[0].id}`]] }]],
    ['stale creado sweep (worker, every 15 s)', await statementsOf((ds) => views(ds).staleCreado(new Date(now - 60_000), 100))],
  );
  out('\n| statement | ms | rows | buffers | scans; sorts |\n| --- | ---: | ---: | ---: | --- |');
  for (const [title, statements] of cases) await explain(client, title, statements);

  // --------------------------------------------------------------------------------------------------------------
  // The projector's batch write (WRITE_ROWS, 1,000 new charges for the big merchant and 1,000 changes of existing ones)
  // on the full table, rolled back each time so the data set stays as it is. Median of 15 after 3 warm-ups.
  const existing = (await client.query(`SELECT id FROM charges WHERE merchant_id = $1 AND estado = 'pendiente' LIMIT 1000`, [big.id])).rows.map((r) => r.id);
  const batchMs = [];
  for (let i = 0; i < 18; i++) {
    const at = new Date().toISOString();
    const created = Array.from({ length: 1000 }, (_, j) => ({
      id: crypto.randomUUID(), merchantId: big.id, monto: 150000, moneda: 'COP', referencia: `LOTE-${i}-${j}`, descripcion: 'Camiseta',
      urlRetorno: 'https://tienda.example.co/gracias', estado: j % 2 ? 'creado' : 'pendiente', checkoutToken: crypto.randomUUID().replace(/-/g, ''),
      creadoEn: at, actualizadoEn: at, metodo: null, providerSessionId: j % 2 ? null : `ses_${j}`, revision: j % 2 ? 0 : 1,
    }));
    const updated = existing.map((id) => ({ id, estado: 'aprobado', actualizadoEn: at, metodo: 'pse', revision: 2 }));
    await client.query('BEGIN');
    const started = process.hrtime.bigint();
    await client.query(WRITE_ROWS, [JSON.stringify(created), JSON.stringify(updated), existing]);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    await client.query('ROLLBACK');
    if (i >= 3) batchMs.push(ms);
  }
  batchMs.sort((a, b) => a - b);
  report.projector = { batch: '1000 inserts + 1000 updates', medianMs: Number(batchMs[Math.floor(batchMs.length / 2)].toFixed(1)), minMs: Number(batchMs[0].toFixed(1)), maxMs: Number(batchMs.at(-1).toFixed(1)) };
  out(`\nprojector batch write (1,000 inserts + 1,000 updates into the full table): median ${report.projector.medianMs} ms (min ${report.projector.minMs}, max ${report.projector.maxMs})`);
  await client.end();

  // --------------------------------------------------------------------------------------------------------------
  gateway = await startGateway(env);
  const q = (params) => `?${new URLSearchParams(params)}`;
  const cursorOf = (row) => Buffer.from(JSON.stringify([row.creado_en.toISOString(), row.id])).toString('base64url');
  const isoDay = (ms) => new Date(ms - 5 * 3600_000).toISOString().slice(0, 10);
  const paths = {
    big: {
      first: ['/v1/pagos'],
      deep: [`/v1/pagos${q({ cursor: cursorOf(deep) })}`],
      estado: ['/v1/pagos?estado=pendiente', '/v1/pagos?estado=reembolsado', '/v1/pagos?estado=fallido'],
      range: [`/v1/pagos${q({ desde: isoDay(now - 365 * day), hasta: isoDay(now - 358 * day) })}`],
      combined: [`/v1/pagos${q({ estado: 'fallido', desde: isoDay(now - 365 * day), hasta: isoDay(now - 358 * day) })}`],
      referencia: [`/v1/pagos${q({ referencia: refRow.referencia })}`],
    },
  };
  const bearer = (key) => ({ authorization: `Bearer ${key}` });
  out('\n| request | concurrency | 2xx | failed | p50 ms | p99 ms | max ms |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const concurrency of [1, 10]) {
    for (const [who, merchant] of [['big', big], ['small', smalls[0]]]) {
      const h = bearer(merchant.key);
      const mine = real[who];
      const smallDeepCursor = cursorOf(smallDeep);
      await timeRequests(`${who}: GET /v1/pagos (first page)`, api, ['/v1/pagos'], h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos (deep cursor)`, api, who === 'big' ? paths.big.deep : [`/v1/pagos${q({ cursor: smallDeepCursor })}`], h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos?estado=`, api, paths.big.estado, h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos?desde&hasta (a week)`, api, paths.big.range, h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos?estado&desde&hasta`, api, paths.big.combined, h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos?referencia=`, api, who === 'big' ? paths.big.referencia : ['/v1/pagos?referencia=PED-000000100'], h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos/{id}`, api, mine.map((c) => `/v1/pagos/${c.id}`), h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos/{id}/liquidacion`, api, mine.filter((c) => c.approved).map((c) => `/v1/pagos/${c.id}/liquidacion`), h, concurrency);
      await timeRequests(`${who}: GET /v1/pagos/stats 731 days by dia`, api, [`/v1/pagos/stats${q({ desde: isoDay(now - 730 * day), hasta: isoDay(now), periodo: 'dia' })}`], h, concurrency, STATS_REQUESTS);
      await timeRequests(`${who}: GET /v1/pagos/stats 731 days by mes`, api, [`/v1/pagos/stats${q({ desde: isoDay(now - 730 * day), hasta: isoDay(now), periodo: 'mes' })}`], h, concurrency, STATS_REQUESTS);
      await timeRequests(`${who}: GET /v1/merchants/me/cambios`, api, ['/v1/merchants/me/cambios?limit=20'], h, concurrency);
      await timeRequests(`${who}: portal Pagos`, api, ['/portal/pagos', '/portal/pagos?estado=fallido'], { cookie: cookies[who] }, concurrency);
      await timeRequests(`${who}: portal Resumen (90 days)`, api, ['/portal/resumen?dias=90'], { cookie: cookies[who] }, concurrency);
      await timeRequests(`${who}: operator entregas`, admin, [`/internal/merchants/${merchant.id}/entregas`, `/internal/merchants/${merchant.id}/entregas?estado=fallida`], bearer(OPERATOR_TOKEN), concurrency);
    }
    await timeRequests('operator anomalias', admin, ['/internal/anomalias', `/internal/anomalias?pagoId=${real.big[0].id}`], bearer(OPERATOR_TOKEN), concurrency);
  }

  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const file = path.join(root, 'bench', 'results', `reads-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  out(`\nwritten to ${path.relative(root, file)} (with every plan in full)`);
}

const cleanupDirs = [];
let database = null;
async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (database) await database.stop().catch(() => undefined);
  for (const dir of cleanupDirs) rmSync(dir, { recursive: true, force: true });
}

main()
  .catch((error) => {
    process.stderr.write(`bench:reads failed: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    process.exit();
  });
