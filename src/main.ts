// `npm start`: the gateway. With no DATABASE_URL it runs on an embedded PostgreSQL of its own (the embedded default),
// creates a ready demo merchant, and prints how to get going.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from './kernel/config.js';
import { prepareDataDir } from './kernel/data-dir.js';
import { databaseUnreachable } from './kernel/database-outage.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './kernel/embedded-postgres.js';
import { startGateway, type Gateway } from './gateway.js';
import { seedDemoMerchant, type DemoState } from './demo.js';

function readOrCreateSecret(file: string, make: () => string): string {
  // An empty file is a first start cut between creating it and writing it (killed, disk full): its value was never
  // used, so one is made. Kept empty, every later start failed (the demo seed's 401) or had a dead operator token.
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept) return kept;
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The longest a SIGTERM's shutdown may take: each of three listeners has 8 s to answer what is under way. */
const SHUTDOWN_LIMIT_MS = 30_000;

/** A word for sh: as it is when plain, else single-quoted. */
const shellWord = (word: string): string => (/^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`);

/**
 * The operator CLI as pasted in a new shell in the project's folder: with --url and DATA_DIR (where it reads the token)
 * only when this gateway's differ from the CLI's defaults (docs/decisions.md "Operator").
 */
function opsCommand(config: Config, gateway: Gateway): string {
  const dataDir = path.resolve(config.dataDir);
  const env = process.env.OPERATOR_TOKEN || dataDir === path.resolve('data') ? '' : `DATA_DIR=${shellWord(dataDir)} `;
  const url = gateway.adminUrl === 'http://127.0.0.1:3001' ? '' : ` --url ${gateway.adminUrl}`;
  return `${env}npx pasarela-ops${url}`;
}

function banner(config: Config, gateway: Gateway, demo: DemoState | null, embedded: boolean): string {
  const lines = ['', `Pasarela is running${config.role === 'all' ? '' : ` (ROLE=${config.role})`}.`];
  if (config.role === 'worker') {
    lines.push(
      '  Workers           projections, webhook deliveries, voucher deadlines, unfinished charges',
      `  Health            ${gateway.healthUrl}   (for an orchestrator; the operator API runs with ROLE=api)`,
    );
  } else {
    const reach = LOOPBACK.has(config.adminHost) ? 'loopback only' : `bound to ${config.adminHost}: keep it off the internet`;
    lines.push(
      `  Merchant API      ${config.publicBaseUrl}/v1   (docs: ${config.publicBaseUrl}/docs)`,
      `  Operator API      ${gateway.adminUrl}/internal   (${reach})`,
      `  Merchant portal   ${config.publicBaseUrl}/portal/ingresar   (sign in; access is by invitation)`,
    );
  }
  lines.push(
    // Its origin alone is no page (404): name the one page a person opens there by hand.
    `  Sandbox provider  ${config.sandboxPublicUrl}   (cash vouchers are paid at ${config.sandboxPublicUrl}/red-efectivo)`,
    `  Database          ${embedded ? `embedded PostgreSQL, data in ${path.resolve(config.dataDir)}` : 'DATABASE_URL'}`,
    `  Event store       ${config.eventStore}`,
  );
  if (embedded) {
    lines.push('', `Operator token (Authorization: Bearer ...): ${config.operatorToken ?? ''}`);
  }
  if (demo && !demo.keyWorks) {
    lines.push(
      '',
      'Demo merchant "Tienda Demo":',
      `  merchantId  ${demo.merchantId}`,
      `  API key     none that works: the key in ${path.join(path.resolve(config.dataDir), 'demo-merchant.json')} was rotated or revoked.`,
      `              Issue one: ${opsCommand(config, gateway)} keys issue ${demo.merchantId}`,
    );
  } else if (demo) {
    lines.push(
      '',
      `Demo merchant "Tienda Demo" (approved, ${demo.sitioWeb ? `site ${demo.sitioWeb} registered` : 'no site registered yet'}):`,
      `  merchantId  ${demo.merchantId}`,
      `  API key     ${demo.apiKey}${demo.keyId ? `   (id ${demo.keyId})` : ''}`,
      '',
      // A new order (key and referencia) each time it is pasted: a fixed key would replay the charge of an earlier
      // paste, perhaps of an earlier run on this DATA_DIR, since paid or refunded. Double quotes, so sh expands $(...).
      'Create a charge (a new order each time it is pasted):',
      `  curl -s -X POST ${config.publicBaseUrl}/v1/pagos \\`,
      `    -H 'Authorization: Bearer ${demo.apiKey}' \\`,
      `    -H "Idempotency-Key: pedido-$(date +%s)" -H 'Content-Type: application/json' \\`,
      `    -d "{\\"merchantId\\":\\"${demo.merchantId}\\",\\"monto\\":150000,\\"moneda\\":\\"COP\\",\\"referencia\\":\\"PED-$(date +%s)\\",\\"descripcion\\":\\"Camiseta talla M\\"}"`,
    );
  }
  if (demo && config.role !== 'worker') {
    // The portal in one step: the operator's invitation prints the link that sets a password and signs in. Once
    // someone is invited, inviting "Ana" again would be false advice (person_exists once accepted): say who instead.
    const ops = opsCommand(config, gateway);
    if (demo.people) {
      const who = demo.people === 1 ? '1 person has' : `${demo.people} people have`;
      lines.push('', `The demo merchant's portal: ${who} access or an invitation; who and since when: ${ops} people list ${demo.merchantId}`);
    } else {
      lines.push(
        '',
        "The demo merchant's portal: invite yourself as its first administrator, then open the link this prints and choose a password:",
        `  ${ops} people invite ${demo.merchantId} ana@tienda-demo.co Ana Gómez`,
      );
    }
  }
  return lines.join('\n');
}

/** A listener's EADDRINUSE, told as the setting to change (a dev server on 3000 is a new user's usual case). */
function portTaken(error: unknown, ports: Record<string, number>): Error | undefined {
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  const variable = code === 'EADDRINUSE' ? Object.keys(ports).find((name) => ports[name] === port) : undefined;
  if (variable === undefined) return undefined;
  return new Error(`${variable} ${String(port)} is in use by another program: stop it, or set ${variable} to a free port`);
}

/** A SIGINT or SIGTERM taken before the start finished (Ctrl-C during a first start's initdb or seeding). */
let stoppedWhileStarting: NodeJS.Signals | null = null;
/** The embedded server being started, or started: what a signal during the start stops. */
let embeddedStarting: Promise<EmbeddedDatabase> | null = null;

/**
 * A signal before the start is done stops the embedded server (once it is up, if it is starting) and exits. Left to
 * embedded-postgres' own exit hook, the server stopped under the start, whose failure then blamed the database, and the
 * supervisor started the server again as if it had died.
 */
function stopWhileStarting(signal: NodeJS.Signals): void {
  if (stoppedWhileStarting) return;
  stoppedWhileStarting = signal;
  process.stderr.write(`Pasarela: ${signal} while starting; stopping\n`);
  void (embeddedStarting ?? Promise.resolve(null))
    .then((database) => database?.stop())
    .catch(() => undefined)
    .finally(() => process.exit(128 + (signal === 'SIGINT' ? 2 : 15)));
}

async function main(): Promise<void> {
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', stopWhileStarting);
  process.on('SIGTERM', stopWhileStarting);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dataDir = prepareDataDir(config.dataDir);
    config.operatorToken ??= readOrCreateSecret(path.join(dataDir, 'operator-token'), () => randomBytes(24).toString('base64url'));
    // Kept like the token, so scripts that play the provider (docs/sandbox.md) can read it, across restarts too.
    if (!process.env.PROVIDER_SECRET) {
      config.providerSecret = readOrCreateSecret(path.join(dataDir, 'provider-secret'), () => randomBytes(32).toString('base64url'));
    }
    // The key that seals webhook signing secrets must outlive a restart, or every registered endpoint stops signing.
    if (!process.env.WEBHOOK_SECRET_KEY) {
      const key = readOrCreateSecret(path.join(dataDir, 'webhook-secret-key'), () => randomBytes(32).toString('base64'));
      config.webhookSecretKey = Buffer.from(key, 'base64');
      if (config.webhookSecretKeyPrevious?.equals(config.webhookSecretKey)) {
        process.stderr.write(`${new ConfigError(['WEBHOOK_SECRET_KEY_PREVIOUS must differ from the key in DATA_DIR/webhook-secret-key: it is the key being replaced']).message}\n`);
        process.exit(1);
      }
    }
    embeddedStarting = startEmbeddedPostgres({
      dir: path.join(dataDir, 'postgres'),
      port: config.embeddedPgPort,
      database: 'pasarela',
      persistent: true,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    embedded = await embeddedStarting;
    chmodSync(dataDir, 0o755);
    databaseUrl = embedded.url;
  }

  let gateway: Gateway;
  try {
    gateway = await startGateway({ config, databaseUrl });
  } catch (error) {
    await embedded?.stop();
    throw portTaken(error, { PORT: config.port, ADMIN_PORT: config.adminPort, SANDBOX_PORT: config.sandboxPort }) ?? error;
  }
  const demo = embedded ? await seedDemoMerchant(gateway, path.resolve(config.dataDir)) : null;
  if (stoppedWhileStarting) return;
  process.stdout.write(`${banner(config, gateway, demo, embedded !== null)}\n\n`);

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    // Closing a connection waits for the server to close its side, which a silent database (frozen, beyond a
    // partition) never does: past the listeners' grace periods, the process goes anyway, as a SIGKILL would.
    setTimeout(() => {
      process.stderr.write(`shutdown: not finished after ${SHUTDOWN_LIMIT_MS / 1000} s (does the database answer?); exiting without finishing\n`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await gateway.close().catch((error: unknown) => process.stderr.write(`shutdown: ${String(error)}\n`));
    await embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  // embedded-postgres stops its server on these signals by itself (its exit hook, taken off above), racing the
  // gateway's own shutdown (open connections then fail mid-close). The service owns the order: gateway first, then
  // its PostgreSQL.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  // Stopped on purpose: stopWhileStarting ends the process once the embedded server is down.
  if (stoppedWhileStarting) return;
  const unreachable = databaseUnreachable(error);
  // Exit rather than wait: the process manager (docker compose's restart policy, systemd) starts it again, and a
  // start that waited would look alive to it while serving nothing (docs/decisions.md, "Database outages").
  const reason = unreachable === undefined
    ? (error instanceof Error ? error.message : String(error))
    : `the database (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL'}) does not answer (${unreachable}); exiting, to be started again once it does`;
  process.stderr.write(`Pasarela could not start: ${reason}\n`);
  process.exit(1);
});
