#!/usr/bin/env node
// pasarela-ops: the operator's command line over the operator API (ADMIN_PORT, bearer OPERATOR_TOKEN).
// Plain Node ESM, no build step and no dependencies: `npx pasarela-ops --help` from the repository.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const HELP = `pasarela-ops: operate a Pasarela gateway through its operator API

Usage: pasarela-ops [options] <command> [arguments]

Commands:
  merchants create <nombre>        Create a merchant (not approved yet)
  merchants approve <merchantId>   Approve a merchant, so it can charge once its site is registered
  keys issue <merchantId>          Issue an API key (the key is shown only this once)
      --role administrador|lectura   Role of the key (default administrador; lectura is read-only)
  keys rotate <keyId>              Replace a key with a new one of the same merchant and role
      --grace <seconds>              How long the old key keeps working (default 0: it stops at once)
  keys revoke <keyId>              Revoke a key at once
  charges events <chargeId>        Show a charge's event history, in order
  charges rebuild                  Rebuild the charges read model (GET /v1/pagos) from position 0 of the event log
  charges reconcile <file.csv>     Import the provider's settlement report: matching aprobado charges become conciliado
  charges provider-report <date>   Print the provider's settlement report of a value date (YYYY-MM-DD), as CSV
  charges refund <chargeId>        Refund a charge in full (aprobado or conciliado); a second refund changes nothing
  webhooks roll-secret <merchantId>
                                   Give the merchant's webhook endpoint a new signing secret (shown only this once);
                                   for 24 h deliveries are signed with the new and the old secret
  webhooks reseal                  Seal every stored webhook signing secret again with the current WEBHOOK_SECRET_KEY
                                   (after a rotation of that key; then WEBHOOK_SECRET_KEY_PREVIOUS can be removed);
                                   lists the secrets that opened with neither key, left as they were
  people reset-password <personId>
                                   Issue a one-time link (valid 1 hour) for a portal person to choose a new password;
                                   shown only this once, a new link replaces the previous one
  replay                           Rebuild every read model from position 0 into fresh tables and compare them with
                                   the live ones (rows and a checksum per table); progress on stderr; exit 1 if any differs
      --batch <events>               Events per batch (default 5000)

Options:
  --url <url>       Operator API (default http://127.0.0.1:$ADMIN_PORT, ADMIN_PORT defaulting to 3001)
  --token <token>   Operator token (default $OPERATOR_TOKEN, else the file $DATA_DIR/operator-token,
                    DATA_DIR defaulting to ./data, which the embedded default writes)
  --json            Print the API's JSON answer as it is (for a 204, which has none: what was done, e.g. {id, revocada})
  -h, --help        Show this help

Exit status: 0 on success, 1 when the API refuses or cannot be reached, 2 on a usage error.`;

class UsageError extends Error {}

class ApiError extends Error {
  constructor(message, body) {
    super(message);
    this.body = body;
  }
}

function parse(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      json: { type: 'boolean', default: false },
      role: { type: 'string' },
      grace: { type: 'string' },
      batch: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return { options: values, args: positionals };
}

function operatorToken(explicit) {
  if (explicit) return explicit;
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = path.join(process.env.DATA_DIR || './data', 'operator-token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new UsageError(`no operator token: pass --token, set OPERATOR_TOKEN, or start the gateway so it writes ${file}`);
  }
}

function describeError(status, body) {
  if (body && typeof body === 'object') {
    const { message, code } = body;
    if (message && typeof message === 'object') {
      const fields = Object.values(message.fieldErrors ?? {}).flat();
      return [...(message.formErrors ?? []), ...fields].join('; ') + ` (HTTP ${status})`;
    }
    if (message) return `${message} (HTTP ${status}${code ? `, ${code}` : ''})`;
  }
  return `HTTP ${status}`;
}

async function call(context, method, route, body) {
  const headers = { authorization: `Bearer ${context.token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${context.url}${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new ApiError(`cannot reach the operator API at ${context.url}: ${error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) throw new ApiError(describeError(response.status, parsed), parsed);
  return parsed;
}

function one(args, name) {
  if (args.length !== 1 || !args[0]) throw new UsageError(`expected exactly one argument: <${name}>`);
  return args[0];
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd()).join('\n');
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

const commands = {
  'merchants create': async (context, args) => {
    const nombre = args.join(' ');
    if (!nombre) throw new UsageError('expected the merchant name: merchants create <nombre>');
    const merchant = await call(context, 'POST', '/internal/merchants', { nombre });
    return [merchant, `Merchant created: ${merchant.id} (${merchant.nombre}), not approved yet.\nApprove it: pasarela-ops merchants approve ${merchant.id}`];
  },
  'merchants approve': async (context, args) => {
    const merchant = await call(context, 'POST', `/internal/merchants/${encodeURIComponent(one(args, 'merchantId'))}/aprobacion`);
    const site = merchant.registroWeb ? `site ${merchant.registroWeb.sitioWeb}` : 'no site registered yet (PUT /v1/merchants/me/registro-web)';
    return [merchant, `Merchant ${merchant.id} (${merchant.nombre}) approved at ${merchant.aprobadoEn}; ${site}.`];
  },
  'keys issue': async (context, args, options) => {
    const body = options.role === undefined ? {} : { rol: options.role };
    const key = await call(context, 'POST', `/internal/merchants/${encodeURIComponent(one(args, 'merchantId'))}/api-keys`, body);
    return [key, `API key ${key.id} (rol ${key.rol}). The key is shown only this once:\n\n  ${key.key}\n`];
  },
  'keys rotate': async (context, args, options) => {
    const oldId = one(args, 'keyId');
    let body = {};
    if (options.grace !== undefined) {
      if (!/^\d+$/.test(options.grace)) throw new UsageError('--grace must be a whole number of seconds');
      body = { graciaSegundos: Number(options.grace) };
    }
    const key = await call(context, 'POST', `/internal/api-keys/${encodeURIComponent(oldId)}/rotacion`, body);
    const old = body.graciaSegundos ? `keeps working for ${body.graciaSegundos} s` : 'stopped working now';
    return [key, `New API key ${key.id}, shown only this once:\n\n  ${key.key}\n\nThe old key ${oldId} ${old}.`];
  },
  'keys revoke': async (context, args) => {
    const id = one(args, 'keyId');
    await call(context, 'DELETE', `/internal/api-keys/${encodeURIComponent(id)}`);
    return [{ id, revocada: true }, `API key ${id} revoked.`];
  },
  'charges events': async (context, args) => {
    const history = await call(context, 'GET', `/internal/pagos/${encodeURIComponent(one(args, 'chargeId'))}/eventos`);
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
      reporte = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${error.message}`);
    }
    const r = await call(context, 'POST', '/internal/conciliaciones', { reporte });
    const lines = [`Report ${r.reporte.slice(0, 19)}...: ${r.lineas} lines, ${r.conciliados.length} reconciled, ${r.yaConciliados.length} already reconciled, ${r.diferencias.length} mismatches.`];
    if (r.repetidoDe) lines.push(`The same report was imported before (${r.repetidoDe.importadoEn}): nothing new was reconciled.`);
    if (r.diferencias.length > 0) {
      const rows = [['LINEA', 'MOTIVO', 'REFERENCIA', 'MONTO', 'DETALLE']];
      for (const d of r.diferencias) {
        const detail = d.detalle ?? (d.montoPago !== undefined ? `charge ${d.pagoId} is ${d.montoPago}` : d.estadoPago ? `charge ${d.pagoId} is ${d.estadoPago}` : d.primeraLinea ? `first on line ${d.primeraLinea}` : '');
        rows.push([d.linea, d.motivo, d.referenciaProveedor ?? '', d.monto ?? '', detail]);
      }
      lines.push(table(rows));
    }
    return [r, lines.join('\n')];
  },
  'charges provider-report': async (context, args) => {
    const csv = await call(context, 'GET', `/internal/conciliaciones/reportes/${encodeURIComponent(one(args, 'YYYY-MM-DD'))}`);
    return [{ reporte: csv }, csv.trimEnd()];
  },
  'charges refund': async (context, args) => {
    const r = await call(context, 'POST', `/internal/pagos/${encodeURIComponent(one(args, 'chargeId'))}/reembolso`);
    const what = r.yaReembolsado ? 'was already refunded' : 'refunded';
    return [r, `Charge ${r.pagoId} ${what}: ${r.monto} pesos at ${r.reembolsadoEn} (provider refund ${r.referenciaReembolso}).`];
  },
  'webhooks roll-secret': async (context, args) => {
    const merchantId = one(args, 'merchantId');
    const r = await call(context, 'POST', `/internal/merchants/${encodeURIComponent(merchantId)}/webhook-endpoint/secreto`);
    return [
      r,
      `New signing secret for the webhook endpoint of merchant ${merchantId}, shown only this once:\n\n  ${r.secret}\n\n` +
        `Until ${r.anteriorValidoHasta} every delivery is also signed with the old secret (a second v1=); then with the new one only.`,
    ];
  },
  'webhooks reseal': async (context, args) => {
    if (args.length > 0) throw new UsageError('webhooks reseal takes no arguments');
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
    if (args.length > 0) throw new UsageError('replay takes no arguments');
    const body = {};
    if (options.batch !== undefined) {
      if (!/^[1-9]\d*$/.test(options.batch)) throw new UsageError('--batch must be a whole number of events, at least 1');
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
  'people reset-password': async (context, args) => {
    const personId = one(args, 'personId');
    const r = await call(context, 'POST', `/internal/personas/${encodeURIComponent(personId)}/restablecimiento`);
    return [
      r,
      `Password reset link for person ${personId}, shown only this once (valid until ${r.expiraEn}; using it ends ` +
        `every session of that person):\n\n  ${r.url}`,
    ];
  },
  'charges rebuild': async (context, args) => {
    if (args.length > 0) throw new UsageError('charges rebuild takes no arguments');
    const result = await call(context, 'POST', '/internal/proyecciones/pagos/reconstruccion');
    return [result, `Read model ${result.proyeccion} rebuilt from position 0: ${result.eventos} events, ${result.pagos} charges, ${result.duracionMs} ms.`];
  },
};

async function main(argv) {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error.message);
  }
  const { options, args } = parsed;
  if (options.help || args.length === 0) {
    process.stdout.write(`${HELP}\n`);
    return options.help ? 0 : 2;
  }
  let name = args.slice(0, 2).join(' ');
  let rest = args.slice(2);
  // One-word commands (replay) take their arguments right after the name.
  if (!commands[name] && commands[args[0]]) {
    name = args[0];
    rest = args.slice(1);
  }
  const command = commands[name];
  if (!command) throw new UsageError(`unknown command "${name}"; see pasarela-ops --help`);
  if (options.role !== undefined && name !== 'keys issue') throw new UsageError('--role goes with keys issue');
  if (options.grace !== undefined && name !== 'keys rotate') throw new UsageError('--grace goes with keys rotate');
  if (options.batch !== undefined && name !== 'replay') throw new UsageError('--batch goes with replay');
  const context = {
    url: (options.url ?? `http://127.0.0.1:${process.env.ADMIN_PORT || 3001}`).replace(/\/$/, ''),
    token: operatorToken(options.token),
  };
  try {
    const [json, text] = await command(context, rest, options);
    process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${text}\n`);
    return 0;
  } catch (error) {
    if (options.json && error instanceof ApiError && error.body !== undefined) {
      process.stdout.write(`${JSON.stringify(error.body, null, 2)}\n`);
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`pasarela-ops: ${error.message}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
