#!/usr/bin/env node
// pasarela-ops: the operator's command line over the operator API (ADMIN_PORT, bearer OPERATOR_TOKEN).
// Plain Node ESM, no build step and no dependencies: `npx pasarela-ops --help` from the repository.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Seconds a command waits for the API's answer unless --timeout says otherwise. Minutes for the long ones: a day of a
 * busy provider's report to reconcile; a rebuild of a big log, which the gateway replays for as long as the log takes
 * (src/payments/adapters/projections/rebuild.ts).
 */
const DEFAULT_WAIT_SECONDS = 30;
const WAIT_SECONDS = { 'charges reconcile': 900, 'charges rebuild': 900 };
const waitOf = (command) => WAIT_SECONDS[command] ?? DEFAULT_WAIT_SECONDS;

const HELP = `pasarela-ops: operate a Pasarela gateway through its operator API

Usage: pasarela-ops [options] <command> [arguments]

Commands:
  merchants create <nombre>        Create a merchant (not approved yet)
  merchants approve <merchantId>   Approve a merchant, so it can charge once its site is registered
  keys issue <merchantId>          Issue an API key (the key is shown only this once)
      --role administrador|lectura   Role of the key (default administrador; lectura is read-only)
  keys rotate <keyId>              Replace a key with a new one of the same merchant and role
      --grace <seconds>              How long the old key keeps working, 0 to 604800 (default 0: it stops at once)
  keys revoke <keyId>              Revoke a key at once
  charges events <chargeId>        Show a charge's event history, in order
  charges rebuild                  Rebuild the charges read model (GET /v1/pagos) from position 0 of the event log;
                                   waits up to ${waitOf('charges rebuild')} s for it to finish (a big log takes minutes)
  charges reconcile <file.csv>     Import the provider's settlement report: matching aprobado charges become conciliado
  charges imports                  List the settlement report imports, newest first: when, the report's dates, its lines
                                   and how many reconciled, were reconciled already, did not reconcile, were observed
      --con-hallazgos                Only the imports with mismatches (diferencias) or observations (observaciones)
      --limit <n>                    Imports per page, 1 to 100 (default 20)
      --cursor <cursor>              The next page, as the previous one says
  charges import <importId>        Show one import again as it was answered: its mismatches and observations
  charges provider-report <date>   Print the provider's settlement report of a value date (YYYY-MM-DD), as CSV
  charges refund <chargeId>        Refund a charge in full (aprobado or conciliado); a second refund changes nothing
  charges settlement <chargeId>    Show what of an approved charge reaches its merchant and when: gross, fee and its IVA,
                                   withholdings, net, estimated payout date and state (as GET /v1/pagos/{id}/liquidacion)
  webhooks roll-secret <merchantId>
                                   Give the merchant's webhook endpoint a new signing secret (shown only this once);
                                   for 24 h deliveries are signed with the new and the old secret. Refused while the
                                   secret an earlier roll replaced still signs (rolling would stop it at once)
      --forzar                       Roll anyway: the secret the last roll replaced stops signing now
  webhooks deliveries <merchantId>
                                   Show a merchant's webhook deliveries, newest first, each attempt with its result
      --estado <estado>              Only the deliveries pendiente, entregada, fallida or sin_endpoint
      --pago <chargeId>              Only the notice of this charge, however many came after it
      --limit <n>                    Deliveries per page, 1 to 100 (default 50)
      --cursor <cursor>              The next (older) page, as the previous one says
  webhooks resend <deliveryId>     Send a delivery again now (same svc-delivery-id and body, freshly signed), with its
                                   retries; refused while one of its series is still under way
  webhooks reseal                  Seal every stored webhook signing secret again with the current WEBHOOK_SECRET_KEY
                                   (after a rotation of that key; then WEBHOOK_SECRET_KEY_PREVIOUS can be removed);
                                   lists the secrets that opened with neither key, left as they were
  people list <merchantId>         Show the merchant's people with portal access: id, email, nombre, rol, estado
                                   (invitada until the invitation is accepted), when invited and when activated
  people invite <merchantId> <email> <nombre>
                                   Invite an administrator of the merchant to the portal (its first one, who then
                                   invites the rest): the invitation link (valid 7 days) is shown only this once; the
                                   same email again, before it is accepted, renews it
  people reset-password <personId>
                                   Issue a one-time link (valid 1 hour) for a portal person to choose a new password;
                                   shown only this once, a new link replaces the previous one
  replay                           Rebuild every read model from position 0 into fresh tables and compare them with
                                   the live ones (rows and a checksum per table); progress on stderr; exit 1 if any differs
      --batch <events>               Events per batch, 10 to 10000 (default 5000)

Options:
  --url <url>       Operator API (default http://127.0.0.1:$ADMIN_PORT, ADMIN_PORT defaulting to 3001)
  --token <token>   Operator token (default $OPERATOR_TOKEN, else the file $DATA_DIR/operator-token,
                    DATA_DIR defaulting to ./data, which the embedded default writes)
  --timeout <s>     Seconds to wait for each answer of the API, 1 to 3600 (default ${DEFAULT_WAIT_SECONDS};
                    ${Object.entries(WAIT_SECONDS).map(([command, seconds]) => `${command} ${seconds}`).join(', ')})
  --json            Print the API's JSON answer as it is (for a 204, which has none: what was done, e.g. {id, revocada});
                    when the API refuses, its JSON error body; nothing on stdout for any other failure
  -h, --help        Show this help; after a command (pasarela-ops keys rotate --help), only its own

Ids are UUIDs. Every failure is one line on stderr.
Exit status: 0 on success, 1 when the API refuses or cannot be reached, 2 on a usage error.`;

class UsageError extends Error {}

class ApiError extends Error {
  constructor(message, body) {
    super(message);
    this.body = body;
  }
}

// Options that take a value. A value that starts with a dash (--grace -5, a token beginning with "-") is still that
// option's value, so the option's own check names what is wrong with it rather than parseArgs' "ambiguous".
const VALUE_OPTIONS = ['url', 'token', 'timeout', 'role', 'grace', 'batch', 'limit', 'cursor', 'estado', 'pago'];
const OPTIONS = {
  url: { type: 'string' },
  token: { type: 'string' },
  timeout: { type: 'string' },
  json: { type: 'boolean', default: false },
  role: { type: 'string' },
  grace: { type: 'string' },
  batch: { type: 'string' },
  'con-hallazgos': { type: 'boolean', default: false },
  forzar: { type: 'boolean', default: false },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  estado: { type: 'string' },
  pago: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
};
const isOption = (arg) => arg === '-h' || arg === '--' || Object.hasOwn(OPTIONS, arg.replace(/^--/, '').split('=')[0]);

function parse(argv) {
  const args = [];
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    const next = argv[i + 1];
    if (argv[i].startsWith('--') && VALUE_OPTIONS.includes(name) && next?.startsWith('-') && !isOption(next)) {
      args.push(`${argv[i]}=${next}`);
      i++;
    } else {
      args.push(argv[i]);
    }
  }
  try {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
    return { options: values, args: positionals };
  } catch (error) {
    // parseArgs' own messages are long and tell how to pass a positional starting with "-": say what is wrong.
    const option = /'(-[^' ]+)/.exec(error.message)?.[1];
    if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`unknown option ${option}; see pasarela-ops --help`);
    if (option && /argument missing/.test(error.message)) throw new UsageError(`${option} needs a value; see pasarela-ops --help`);
    if (option && /does not take an argument/.test(error.message)) throw new UsageError(`${option} takes no value; see pasarela-ops --help`);
    throw new UsageError(error.message.split('\n')[0]);
  }
}

/** The token and where it came from, named when the API refuses it (the operator then knows which one to fix). */
function operatorToken(explicit) {
  if (explicit !== undefined) {
    if (!explicit) throw new UsageError('--token is empty');
    return { token: explicit, source: '--token' };
  }
  if (process.env.OPERATOR_TOKEN) return { token: process.env.OPERATOR_TOKEN, source: '$OPERATOR_TOKEN' };
  const file = path.join(process.env.DATA_DIR || './data', 'operator-token');
  try {
    return { token: readFileSync(file, 'utf8').trim(), source: file };
  } catch {
    throw new UsageError(`no operator token: pass --token, set OPERATOR_TOKEN, or start the gateway so it writes ${file}`);
  }
}

function operatorUrl(explicit) {
  const url = explicit ?? `http://127.0.0.1:${process.env.ADMIN_PORT || 3001}`;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new UsageError(`${explicit === undefined ? `ADMIN_PORT gives ${url}` : `--url ${url}`}: not an http(s) URL, e.g. http://127.0.0.1:3001`);
  }
  return url.replace(/\/$/, '');
}

/**
 * After a time-out, whether running the command again is safe (it reads, or a second run changes nothing), and where it
 * is not, what a second run would do and how to check first.
 */
const SAFE_AGAIN = 'running it again is safe';
const AGAIN = {
  'merchants create': 'running it again may create a second merchant of that name',
  'merchants approve': `${SAFE_AGAIN} (approving again keeps the first approval time)`,
  'keys issue': 'running it again issues a second key (this one, if issued, was never shown)',
  'keys rotate': 'if the rotation went through, running it again is refused (api_key_not_active) and its new key was never shown: issue a new one',
  'keys revoke': `${SAFE_AGAIN} (revoking again is harmless)`,
  'charges events': SAFE_AGAIN,
  'charges rebuild': 'running it again starts a second rebuild beside the first; the read model stays whole until each swaps its rebuilt copy in',
  'charges reconcile': `${SAFE_AGAIN} (a second import of the same report reconciles nothing twice)`,
  'charges imports': SAFE_AGAIN,
  'charges import': SAFE_AGAIN,
  'charges provider-report': SAFE_AGAIN,
  'charges refund': `${SAFE_AGAIN} (a second refund changes nothing)`,
  'charges settlement': SAFE_AGAIN,
  'webhooks roll-secret': 'if the roll went through, its new secret was never shown and running it again is refused while the old one still signs; see pasarela-ops webhooks roll-secret --help',
  'webhooks deliveries': SAFE_AGAIN,
  'webhooks resend': 'running it again may send the notice once more: check its attempts first with webhooks deliveries',
  'webhooks reseal': `${SAFE_AGAIN} (a secret already sealed with the current key is sealed with it again)`,
  'people list': SAFE_AGAIN,
  'people invite': `${SAFE_AGAIN} (the same email again renews the invitation; only the new link works)`,
  'people reset-password': `${SAFE_AGAIN} (a new link replaces the previous one)`,
  replay: `${SAFE_AGAIN} (it compares fresh tables; while the first still runs a second is refused)`,
};

const WHICH_API = 'is it the operator API (ADMIN_PORT, default 3001) of a gateway of this version? Check --url or ADMIN_PORT';

/** Refusals whose message names the API's request body: the CLI's operator passes an option instead. */
const CLI_REMEDIES = { previous_secret_still_signing: ['Send {"forzar": true}', 'Run it again with --forzar'] };

function describeError(context, response, body) {
  const { status } = response;
  if (!body || typeof body !== 'object') {
    // A proxy's page, another server: not an answer of the operator API.
    const statusLine = `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`;
    const what = `${context.url} answered ${statusLine}, not a JSON error of the operator API`;
    return status >= 500 ? `${what}; retry later, or check --url or ADMIN_PORT` : `${what}: ${WHICH_API}`;
  }
  const { message, code } = body;
  if (code === 'invalid_operator_token') {
    const fix = 'use the OPERATOR_TOKEN the gateway was started with';
    return `the operator API at ${context.url} refused the token from ${context.tokenSource} (HTTP 401, ${code}): ${fix}`;
  }
  // The router's 404 (no such route), not a resource's ("Merchant not found").
  if (status === 404 && message === 'Not found') return `${context.url} has no such route (HTTP 404, ${code}): ${WHICH_API}`;
  let text = `HTTP ${status}`;
  if (message && typeof message === 'object') {
    const fields = Object.values(message.fieldErrors ?? {}).flat();
    text = `${[...(message.formErrors ?? []), ...fields].join('; ')} (HTTP ${status})`;
  } else if (message) {
    const [apiWords, cliWords] = CLI_REMEDIES[code] ?? [];
    text = `${apiWords ? message.replace(apiWords, cliWords) : message} (HTTP ${status}${code ? `, ${code}` : ''})`;
  }
  const retryAfter = response.headers.get('retry-after');
  return retryAfter && /^\d+$/.test(retryAfter) ? `${text}; retry in ${retryAfter} s` : text;
}

async function call(context, method, route, body, { csv = false, timeoutMs = waitOf(invoked) * 1000 } = {}) {
  const headers = { authorization: `Bearer ${context.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${context.url}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(context.timeoutMs ?? timeoutMs),
    });
  } catch (error) {
    if (error.name === 'TimeoutError') {
      const seconds = Math.round((context.timeoutMs ?? timeoutMs) / 1000);
      throw new ApiError(
        `the operator API at ${context.url} did not answer within ${seconds} s (--timeout): the gateway may still be ` +
          `working on it, and the operation may still complete; ${AGAIN[invoked] ?? 'check before running it again'}`,
      );
    }
    const cause = error.cause?.message ?? error.message;
    throw new ApiError(
      `cannot reach the operator API at ${context.url} (${cause}): is the gateway running? Start it, or point to it with ADMIN_PORT or --url`,
    );
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  // Only a JSON body is the API's answer for --json; a proxy's page is not printed.
  if (!response.ok) throw new ApiError(describeError(context, response, parsed), typeof parsed === 'object' && parsed ? parsed : undefined);
  if (!csv && typeof parsed === 'string') throw new ApiError(`${context.url} answered HTTP ${response.status} without JSON: ${WHICH_API}`);
  return parsed;
}

// As the gateway reads them (src/kernel/uuid.ts, src/kernel/calendar-date.ts); copied, the CLI has no build step.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isDay(value) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1970-01-01') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** The command being run, for the messages of its usage errors. */
let invoked = '';

/** The one argument of a command; ids are checked here, so a typo is a usage error and never reaches the API. */
function one(args, name, command = invoked) {
  if (args.length !== 1 || !args[0]) {
    throw new UsageError(`${command} takes one argument, <${name}>; got ${args.length}; see pasarela-ops ${command} --help`);
  }
  const [value] = args;
  if (name.endsWith('Id') && !UUID.test(value)) throw new UsageError(`${name} must be a UUID, e.g. 5fbe4d79-b32d-4cf0-a866-69b907f841e7; got "${value}"`);
  if (name === 'YYYY-MM-DD' && !isDay(value)) throw new UsageError(`the date must be a day written YYYY-MM-DD, e.g. 2026-11-20; got "${value}"`);
  return value;
}

function none(args, command = invoked) {
  if (args.length > 0) throw new UsageError(`${command} takes no arguments; got ${args.join(' ')}`);
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

const MAX_GRACE_SECONDS = 604_800;

// As the gateway names them (src/webhooks/domain/delivery.ts).
const DELIVERY_ESTADOS = ['pendiente', 'entregada', 'fallida', 'sin_endpoint'];

function limitOf(value) {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100) {
    throw new UsageError(`--limit must be a whole number from 1 to 100; got "${value}"`);
  }
  return value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function progressLine(job) {
  const p = job.progreso;
  const of = p.eventosEstimados ? ` of ~${p.eventosEstimados} (${Math.min(100, Math.round((100 * p.eventos) / p.eventosEstimados))} %)` : '';
  const what = p.proyeccion ? ` ${p.proyeccion}` : '';
  return `replay ${job.id.slice(0, 8)}: ${p.fase}${what}, ${p.eventos} events${of}, ${p.eventosPorSegundo} events/s`;
}

function replayReport(result) {
  const rows = [['PROYECCION', 'TABLA', 'FILAS VIVO', 'FILAS REPLAY', 'CHECKSUM VIVO', 'CHECKSUM REPLAY', '']];
  for (const p of result.proyecciones) {
    for (const t of p.tablas) {
      rows.push([p.proyeccion, t.tabla, t.filasEnVivo, t.filasReconstruidas, t.checksumEnVivo, t.checksumReconstruido, t.iguales ? 'igual' : 'DIFERENTE']);
    }
  }
  const verdict = result.iguales
    ? 'Every read model equals its rebuild from position 0.'
    : `READ MODELS DIFFER from their rebuild; the rebuilt tables are kept in schema ${result.esquema}.`;
  return `${table(rows)}

${result.eventos} events replayed in ${result.duracionMs} ms (${result.eventosPorSegundo} events/s). ${verdict}`;
}

/**
 * A report file's text. UTF-8 unless a byte-order mark says UTF-16, as a spreadsheet's "Unicode text" is written (read
 * as UTF-8 it is a NUL every other byte, which the API refuses); the API takes the text, whatever the file's encoding.
 */
function reportText(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return bytes.toString('utf8');
}

/** An import's answer as lines: the counts, a repeat, the mismatches, then the observations (charges reconcile and import). */
function reconciliationText(r) {
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const lines = [
    `Report ${r.reporte.slice(0, 19)}...: ${count(r.lineas, 'line', 'lines')}, ${r.conciliados.length} reconciled, ` +
      `${r.yaConciliados.length} already reconciled, ${count(r.diferencias.length, 'mismatch', 'mismatches')}.`,
  ];
  if (r.repetidoDe) {
    // A repeat reconciles what was approved since (a notice that came after the first import): it says so.
    const now = r.conciliados.length;
    const since = now === 0 ? 'nothing new was reconciled' : `${now} ${now === 1 ? 'line was' : 'lines were'} reconciled only now (not approved here yet at the first import)`;
    lines.push(`The same report was imported before (${r.repetidoDe.importadoEn}): ${since}.`);
  }
  if (r.diferencias.length > 0) {
    const rows = [['LINEA', 'MOTIVO', 'REFERENCIA', 'MONTO', 'DETALLE']];
    for (const d of r.diferencias) {
      const detail = d.detalle ?? (d.montoPago !== undefined ? `charge ${d.pagoId} is ${d.montoPago}` : d.estadoPago ? `charge ${d.pagoId} is ${d.estadoPago}` : d.primeraLinea ? `first on line ${d.primeraLinea}` : '');
      rows.push([d.linea, d.motivo, d.referenciaProveedor ?? '', d.monto ?? '', detail]);
    }
    lines.push(table(rows));
  }
  // Reconciled, but dated by the provider on another day than our approval: the accountant must see it.
  const findings = r.observaciones ?? [];
  if (findings.length > 0) {
    lines.push(`${findings.length} reconciled ${findings.length === 1 ? 'line is' : 'lines are'} dated on another day than the charge's approval:`);
    const rows = [['LINEA', 'MOTIVO', 'REFERENCIA', 'MONTO', 'DETALLE']];
    for (const o of findings) {
      rows.push([o.linea, o.motivo, o.referenciaProveedor, o.monto, `report ${o.fecha}, charge ${o.pagoId} approved ${o.fechaAprobacion}`]);
    }
    lines.push(table(rows));
  }
  return lines.join('\n');
}

const commands = {
  'merchants create': async (context, args) => {
    const nombre = args.join(' ');
    if (!nombre.trim()) throw new UsageError('merchants create takes the merchant name, <nombre>; see pasarela-ops merchants create --help');
    const merchant = await call(context, 'POST', '/internal/merchants', { nombre });
    return [merchant, `Merchant created: ${merchant.id} (${merchant.nombre}), not approved yet.\nApprove it: pasarela-ops merchants approve ${merchant.id}`];
  },
  'merchants approve': async (context, args) => {
    const merchant = await call(context, 'POST', `/internal/merchants/${one(args, 'merchantId')}/aprobacion`);
    const site = merchant.registroWeb ? `site ${merchant.registroWeb.sitioWeb}` : 'no site registered yet (PUT /v1/merchants/me/registro-web)';
    return [merchant, `Merchant ${merchant.id} (${merchant.nombre}) approved at ${merchant.aprobadoEn}; ${site}.`];
  },
  'keys issue': async (context, args, options) => {
    const merchantId = one(args, 'merchantId');
    if (options.role !== undefined && !['administrador', 'lectura'].includes(options.role)) {
      throw new UsageError(`--role must be administrador or lectura (read-only); got "${options.role}"`);
    }
    const body = options.role === undefined ? {} : { rol: options.role };
    const key = await call(context, 'POST', `/internal/merchants/${merchantId}/api-keys`, body);
    return [key, `API key ${key.id} (rol ${key.rol}). The key is shown only this once:\n\n  ${key.key}\n`];
  },
  'keys rotate': async (context, args, options) => {
    const oldId = one(args, 'keyId');
    let body = {};
    if (options.grace !== undefined) {
      if (!/^\d+$/.test(options.grace) || Number(options.grace) > MAX_GRACE_SECONDS) {
        throw new UsageError(`--grace must be a whole number of seconds from 0 to ${MAX_GRACE_SECONDS} (a week); got "${options.grace}"`);
      }
      body = { graciaSegundos: Number(options.grace) };
    }
    const key = await call(context, 'POST', `/internal/api-keys/${oldId}/rotacion`, body);
    const old = body.graciaSegundos ? `keeps working for ${body.graciaSegundos} s` : 'stopped working now';
    return [key, `New API key ${key.id}, shown only this once:\n\n  ${key.key}\n\nThe old key ${oldId} ${old}.`];
  },
  'keys revoke': async (context, args) => {
    const id = one(args, 'keyId');
    await call(context, 'DELETE', `/internal/api-keys/${id}`);
    return [{ id, revocada: true }, `API key ${id} revoked.`];
  },
  'charges events': async (context, args) => {
    const history = await call(context, 'GET', `/internal/pagos/${one(args, 'chargeId')}/eventos`);
    const rows = [['REV', 'TIPO', 'OCURRIDO', 'ACTOR', 'CAUSA', 'CORRELACION', 'DATOS']];
    for (const e of history.eventos) {
      const actor = `${e.metadata.actor.type}:${e.metadata.actor.id}`;
      rows.push([e.revision, e.tipo, e.metadata.occurredAt, actor, e.metadata.causationId ?? '-', e.metadata.correlationId, JSON.stringify(e.datos)]);
    }
    return [history, `Charge ${history.pagoId}: ${history.eventos.length} events\n${table(rows)}`];
  },
  'charges reconcile': async (context, args) => {
    const file = one(args, 'file.csv');
    let reporte;
    try {
      reporte = reportText(readFileSync(file));
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'a directory' : error.message}`);
    }
    if (!reporte.trim()) throw new UsageError(`${file} is empty: expected the provider's settlement report (CSV)`);
    // A day of a busy provider is tens of thousands of lines, each a charge read and maybe an event written: minutes,
    // not the 30 s other commands wait (docs/settlement.md; WAIT_SECONDS).
    const r = await call(context, 'POST', '/internal/conciliaciones', { reporte });
    return [r, reconciliationText(r)];
  },
  'charges imports': async (context, args, options) => {
    none(args);
    const query = new URLSearchParams();
    if (options['con-hallazgos']) query.set('conHallazgos', 'true');
    if (options.limit !== undefined) query.set('limit', limitOf(options.limit));
    if (options.cursor !== undefined) query.set('cursor', options.cursor);
    const page = await call(context, 'GET', `/internal/conciliaciones${query.size ? `?${query}` : ''}`);
    const which = options['con-hallazgos'] ? ' with mismatches or observations' : '';
    if (page.data.length === 0) return [page, `No imports${which}${options.cursor ? ' after that cursor' : ''}.`];
    const rows = [['IMPORTACION', 'IMPORTADO', 'FECHAS', 'LINEAS', 'CONCILIADOS', 'YA CONCILIADOS', 'DIFERENCIAS', 'OBSERVACIONES']];
    for (const i of page.data) {
      rows.push([i.importacion, i.importadoEn, i.fechas.join(',') || '-', i.lineas, i.conciliados, i.yaConciliados, i.diferencias, i.observaciones ?? '-']);
    }
    const lines = [table(rows)];
    if (page.nextCursor) {
      const more = [options['con-hallazgos'] ? ' --con-hallazgos' : '', options.limit !== undefined ? ` --limit ${options.limit}` : ''].join('');
      lines.push(`More: pasarela-ops charges imports${more} --cursor ${page.nextCursor}`);
    }
    return [page, lines.join('\n')];
  },
  'charges import': async (context, args) => {
    const r = await call(context, 'GET', `/internal/conciliaciones/${one(args, 'importId')}`);
    return [r, `Import ${r.importacion} at ${r.importadoEn}.\n${reconciliationText(r)}`];
  },
  'charges provider-report': async (context, args) => {
    const csv = await call(context, 'GET', `/internal/conciliaciones/reportes/${one(args, 'YYYY-MM-DD')}`, undefined, { csv: true });
    return [{ reporte: csv }, csv.trimEnd()];
  },
  'charges refund': async (context, args) => {
    const r = await call(context, 'POST', `/internal/pagos/${one(args, 'chargeId')}/reembolso`);
    const what = r.yaReembolsado ? 'was already refunded' : 'refunded';
    return [r, `Charge ${r.pagoId} ${what}: ${r.monto} pesos at ${r.reembolsadoEn} (provider refund ${r.referenciaReembolso}).`];
  },
  'charges settlement': async (context, args) => {
    const l = await call(context, 'GET', `/internal/pagos/${one(args, 'chargeId')}/liquidacion`);
    const r = l.retenciones;
    const rows = [
      ['BRUTO', 'COMISION', 'IVA COMISION', 'RETEFUENTE', 'RETEIVA', 'RETEICA', 'NETO'],
      [l.bruto, l.comision, l.ivaComision, r.retefuente, r.reteIva, r.reteIca, l.neto],
    ];
    const refunded = l.reembolsadoEn ? `, refunded at ${l.reembolsadoEn}` : '';
    const text = `Charge ${l.pagoId} (${l.metodo}, ${l.estadoPago}), approved at ${l.aprobadoEn}: ${l.estado}, payout ${l.fechaPagoEstimada}${refunded}; pesos:\n${table(rows)}`;
    return [l, text];
  },
  'webhooks roll-secret': async (context, args, options) => {
    const merchantId = one(args, 'merchantId');
    const r = await call(context, 'POST', `/internal/merchants/${merchantId}/webhook-endpoint/secreto`, options.forzar ? { forzar: true } : {});
    return [
      r,
      `New signing secret for the webhook endpoint of merchant ${merchantId}, shown only this once:\n\n  ${r.secret}\n\n` +
        `Until ${r.anteriorValidoHasta} every delivery is also signed with the old secret (a second v1=); then with the new one only.`,
    ];
  },
  'webhooks deliveries': async (context, args, options) => {
    const merchantId = one(args, 'merchantId');
    const query = new URLSearchParams();
    if (options.estado !== undefined) {
      if (!DELIVERY_ESTADOS.includes(options.estado)) {
        throw new UsageError(`--estado must be one of ${DELIVERY_ESTADOS.join(', ')}; got "${options.estado}"`);
      }
      query.set('estado', options.estado);
    }
    if (options.pago !== undefined) {
      if (!UUID.test(options.pago)) throw new UsageError(`--pago must be a charge id (a UUID); got "${options.pago}"`);
      query.set('pagoId', options.pago);
    }
    if (options.limit !== undefined) query.set('limit', limitOf(options.limit));
    if (options.cursor !== undefined) query.set('cursor', options.cursor);
    const page = await call(context, 'GET', `/internal/merchants/${merchantId}/entregas${query.size ? `?${query}` : ''}`);
    if (page.data.length === 0) {
      return [page, `No deliveries${options.estado ? ` ${options.estado}` : ''}${options.pago ? ` for charge ${options.pago}` : ''}${options.cursor ? ' after that cursor' : ''}.`];
    }
    const rows = [['ENTREGA', 'TIPO', 'PAGO', 'ESTADO', 'CREADA', '#', 'ENVIADO', 'RESULTADO', 'MS', 'URL']];
    for (const d of page.data) {
      const head = [d.id, d.tipo, d.pagoId, d.estado, d.creadaEn];
      if (d.intentos.length === 0) rows.push([...head, '-', '-', d.estado === 'pendiente' ? 'not attempted yet' : '-', '', '']);
      d.intentos.forEach((a, i) => {
        const result = a.codigoEstado !== null && !a.error ? `HTTP ${a.codigoEstado}` : a.error ?? '-';
        rows.push([...(i === 0 ? head : head.map(() => '')), a.numero, a.enviadoEn, result, a.latenciaMs, a.url]);
      });
    }
    const lines = [table(rows), 'Re-send one: pasarela-ops webhooks resend <ENTREGA>'];
    if (page.nextCursor) {
      const more = [
        options.estado !== undefined ? ` --estado ${options.estado}` : '',
        options.pago !== undefined ? ` --pago ${options.pago}` : '',
        options.limit !== undefined ? ` --limit ${options.limit}` : '',
      ].join('');
      lines.push(`More: pasarela-ops webhooks deliveries ${merchantId}${more} --cursor ${page.nextCursor}`);
    }
    return [page, lines.join('\n')];
  },
  'webhooks resend': async (context, args) => {
    const d = await call(context, 'POST', `/internal/entregas/${one(args, 'deliveryId')}/reenvio`);
    return [d, `Delivery ${d.id} (${d.tipo} of charge ${d.pagoId}) is being sent again now, with the same svc-delivery-id; ` +
      `see its attempts with: pasarela-ops webhooks deliveries ${d.merchantId} --pago ${d.pagoId}`];
  },
  'webhooks reseal': async (context, args) => {
    none(args);
    const r = await call(context, 'POST', '/internal/webhook-secrets/resellado');
    const done = `${r.resellados} webhook signing secrets sealed again with the current WEBHOOK_SECRET_KEY.`;
    if (r.ilegibles.length === 0) return [r, `${done}\nNone is left under the previous key: WEBHOOK_SECRET_KEY_PREVIOUS can be removed.`];
    const rows = [['ENDPOINT', 'MERCHANT', 'SECRETO'], ...r.ilegibles.map((u) => [u.endpointId, u.merchantId, u.secreto])];
    return [
      r,
      `${done}\n${r.ilegibles.length} opened with neither key and were left as they were:\n${table(rows)}\n` +
        'A current one that does not open fails every delivery of its endpoint: roll it (webhooks roll-secret <merchantId>)\n' +
        'or restart with the key that sealed it as WEBHOOK_SECRET_KEY_PREVIOUS and reseal again.',
    ];
  },
  replay: async (context, args, options) => {
    none(args);
    const body = {};
    if (options.batch !== undefined) {
      if (!/^\d+$/.test(options.batch) || Number(options.batch) < 10 || Number(options.batch) > 10_000) {
        throw new UsageError(`--batch must be a whole number of events from 10 to 10000; got "${options.batch}"`);
      }
      body.lote = Number(options.batch);
    }
    let job = await call(context, 'POST', '/internal/replay', body);
    let last = '';
    for (;;) {
      const line = progressLine(job);
      if (line !== last) process.stderr.write(`${line}\n`);
      last = line;
      if (job.estado !== 'en_curso') break;
      await sleep(500);
      job = await call(context, 'GET', `/internal/replay/${job.id}`);
    }
    if (job.estado === 'fallida') throw new ApiError(`replay failed: ${job.error}`, job);
    if (!job.resultado.iguales) {
      process.stdout.write(options.json ? `${JSON.stringify(job, null, 2)}\n` : `${replayReport(job.resultado)}\n`);
      throw new ApiError('read models differ from their rebuild');
    }
    return [job, replayReport(job.resultado)];
  },
  'people list': async (context, args) => {
    const merchantId = one(args, 'merchantId');
    const people = await call(context, 'GET', `/internal/merchants/${merchantId}/personas`);
    if (people.length === 0) {
      return [people, `Merchant ${merchantId} has no one with portal access yet.\nInvite its first administrator: pasarela-ops people invite ${merchantId} <email> <nombre>`];
    }
    const now = Date.now();
    const rows = [['PERSONA', 'EMAIL', 'NOMBRE', 'ROL', 'ESTADO', 'INVITADA', 'ACTIVADA']];
    for (const p of people) {
      // An invitation past its date is still invitada in the API; say it, since the fix is to invite again.
      const lapsed = p.estado === 'invitada' && p.invitacionExpiraEn && Date.parse(p.invitacionExpiraEn) <= now;
      const activated = p.activadaEn ?? (lapsed ? `link expired ${p.invitacionExpiraEn}` : p.invitacionExpiraEn ? `link valid until ${p.invitacionExpiraEn}` : '-');
      rows.push([p.id, p.email, p.nombre, p.rol, p.estado, p.creadoEn, activated]);
    }
    const lines = [table(rows)];
    if (people.some((p) => p.estado === 'invitada')) {
      // The operator's invitation is for an administrador only: the same email with another rol is person_exists.
      lines.push(
        'An invitation lost or expired: the same email invited again with the same rol gets a new link (the old one stops working);\n' +
          `an administrador with: pasarela-ops people invite ${merchantId} <email> <nombre>; a lectura from the shop's portal (Configuración > Personas).`,
      );
    }
    return [people, lines.join('\n')];
  },
  'people invite': async (context, args) => {
    const [merchantId, email, ...names] = args;
    const nombre = names.join(' ');
    if (!email || !nombre.trim()) {
      throw new UsageError(`people invite takes <merchantId> <email> <nombre>; got ${args.length}; see pasarela-ops people invite --help`);
    }
    one([merchantId], 'merchantId');
    const r = await call(context, 'POST', `/internal/merchants/${merchantId}/personas`, { email, nombre });
    return [
      r,
      `Invitation for ${r.nombre} <${r.email}> (rol ${r.rol}, person ${r.id}), shown only this once (valid until ` +
        `${r.invitacion.expiraEn}); send it to that person only, who chooses the password with it:\n\n  ${r.invitacion.url}`,
    ];
  },
  'people reset-password': async (context, args) => {
    const personId = one(args, 'personId');
    const r = await call(context, 'POST', `/internal/personas/${personId}/restablecimiento`);
    return [
      r,
      `Password reset link for person ${personId}, shown only this once (valid until ${r.expiraEn}; using it ends ` +
        `every session of that person):\n\n  ${r.url}`,
    ];
  },
  'charges rebuild': async (context, args) => {
    none(args);
    const result = await call(context, 'POST', '/internal/proyecciones/pagos/reconstruccion');
    return [result, `Read model ${result.proyeccion} rebuilt from position 0: ${result.eventos} events, ${result.pagos} charges, ${result.duracionMs} ms.`];
  },
};

/** The lines of HELP that describe the commands starting with `prefix`: each command's line and its indented ones. */
function helpOf(prefix) {
  const lines = [];
  let inside = false;
  for (const line of HELP.split('\n')) {
    if (/^ {2}\S/.test(line)) inside = line.slice(2).startsWith(`${prefix} `) || line.slice(2).trimEnd() === prefix;
    else if (!/^ {4}/.test(line)) inside = false;
    if (inside) lines.push(line);
  }
  return lines.join('\n');
}

const GROUPS = [...new Set(Object.keys(commands).map((name) => name.split(' ')[0]))];

/** The command named by the positionals, the rest being its arguments; one-word commands (replay) first. */
function resolve(args) {
  if (Object.hasOwn(commands, args[0] ?? '')) return { name: args[0], rest: args.slice(1) };
  const name = args.slice(0, 2).join(' ');
  if (Object.hasOwn(commands, name)) return { name, rest: args.slice(2) };
  if (GROUPS.includes(args[0])) {
    const verbs = Object.keys(commands).filter((n) => n.startsWith(`${args[0]} `)).map((n) => n.split(' ')[1]);
    return { group: args[0], unknown: args.length > 1 ? name : undefined, verbs };
  }
  return { unknown: args[0] };
}

async function main(argv) {
  const { options, args } = parse(argv);
  const target = resolve(args);
  if (options.help) {
    const prefix = target.name ?? (target.unknown ? undefined : target.group);
    if (!prefix) {
      process.stdout.write(`${HELP}\n`);
      return 0;
    }
    const lines = helpOf(prefix);
    const usage = target.name ? lines.split('\n')[0].trim().split(/\s{2,}/)[0] : `${prefix} <command> [arguments]`;
    process.stdout.write(`Usage: pasarela-ops [options] ${usage}\n\n${lines}\n\nOptions --url, --token, --timeout, --json: see pasarela-ops --help\n`);
    return 0;
  }
  if (args.length === 0) throw new UsageError('no command given; see pasarela-ops --help for the commands');
  if (!target.name) {
    if (target.group) {
      const what = target.unknown ? `unknown command "${target.unknown}"` : `${target.group} needs a command`;
      throw new UsageError(`${what}; ${target.group} takes ${target.verbs.join(', ')}; see pasarela-ops ${target.group} --help`);
    }
    throw new UsageError(`unknown command "${target.unknown}"; see pasarela-ops --help for the commands`);
  }
  const { name, rest } = target;
  invoked = name;
  if (options.role !== undefined && name !== 'keys issue') throw new UsageError('--role goes with keys issue');
  if (options.grace !== undefined && name !== 'keys rotate') throw new UsageError('--grace goes with keys rotate');
  if (options.batch !== undefined && name !== 'replay') throw new UsageError('--batch goes with replay');
  if (options.forzar && name !== 'webhooks roll-secret') throw new UsageError('--forzar goes with webhooks roll-secret');
  if (options['con-hallazgos'] !== undefined && options['con-hallazgos'] !== false && name !== 'charges imports') {
    throw new UsageError('--con-hallazgos goes with charges imports');
  }
  if (options.cursor !== undefined && !['charges imports', 'webhooks deliveries'].includes(name)) {
    throw new UsageError('--cursor goes with charges imports or webhooks deliveries');
  }
  if (options.limit !== undefined && !['charges imports', 'webhooks deliveries'].includes(name)) {
    throw new UsageError('--limit goes with charges imports or webhooks deliveries');
  }
  for (const option of ['estado', 'pago']) {
    if (options[option] !== undefined && name !== 'webhooks deliveries') throw new UsageError(`--${option} goes with webhooks deliveries`);
  }
  const context = { url: operatorUrl(options.url) };
  if (options.timeout !== undefined) {
    if (!/^\d+$/.test(options.timeout) || Number(options.timeout) < 1 || Number(options.timeout) > 3600) {
      throw new UsageError(`--timeout must be a whole number of seconds from 1 to 3600; got "${options.timeout}"`);
    }
    context.timeoutMs = Number(options.timeout) * 1000;
  }
  const { token, source } = operatorToken(options.token);
  context.token = token;
  context.tokenSource = source;
  try {
    const [json, text] = await commands[name](context, rest, options);
    process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${text}\n`);
    return 0;
  } catch (error) {
    if (options.json && error instanceof ApiError && error.body !== undefined) {
      process.stdout.write(`${JSON.stringify(error.body, null, 2)}\n`);
    }
    throw error;
  }
}

// A reader that went away (| head, a pager closed early) is no failure of ours: stop quietly, as other tools do.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // One line: the API's messages are single lines, but a stray newline must not start a second one.
    process.stderr.write(`pasarela-ops: ${String(error.message).replace(/\s*\n\s*/g, ' ')}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
