// A query sent on an open pooled connection to a server that then stops answering (its processes frozen, a host gone
// mid-query, a partition) waited until the server answered again or TCP gave up, about 15 minutes for a vanished
// host (keepalive probes do not run while data is unacknowledged): a request held that long. A query deadline would
// also cut legitimate long waits (the replay's checksums, an import waiting on its report's lock), so the pool's
// clients are watched instead: when one has waited STALL_MS for an answer, a probe connection asks the server
// `SELECT 1`. A server that answers it is alive and the query merely slow: left alone. One that does not is gone:
// every connection stalled that long is ended, and its query fails as any query cut by an outage does (a 503,
// kernel/database-outage.ts). docs/decisions.md, "Database outages".
import pg from 'pg';

/** How long a query waits for an answer before the server is asked whether it is still there. */
export const STALL_MS = 5_000;
/** How long the probe has, to connect and to get its answer. */
export const PROBE_MS = 5_000;
const CHECK_EVERY_MS = 1_000;

const watched = new Set<WatchedClient>();
let timer: NodeJS.Timeout | null = null;
let probing = false;
/** When a probe last found each server answering: none again for STALL_MS (a long query is asked about rarely). */
const answeredAt = new Map<string, number>();

/** The pool's client class (`Client` in pg-pool's options): pg's, with its unanswered queries timed. */
export class WatchedClient extends pg.Client {
  /** When each unanswered query was sent (performance.now()). */
  private readonly pending = new Set<{ since: number }>();
  /** Which server: a process may hold pools to several (the tests do). */
  readonly server: string;

  constructor(private readonly settings: pg.ClientConfig) {
    super(settings);
    this.server = JSON.stringify([settings.connectionString, settings.host, settings.port]);
    watched.add(this);
    this.once('end', () => watched.delete(this));
    timer ??= setInterval(check, CHECK_EVERY_MS).unref();
  }

  // Every form pg takes (promise, callback as pg-pool calls it); a query object that submits itself is not timed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const entry = { since: performance.now() };
    this.pending.add(entry);
    const answered = (): void => void this.pending.delete(entry);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]): void => {
        answered();
        callback(...results);
      };
      return (super.query as (...all: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...all: unknown[]) => unknown)(...args) as { then?: unknown } | undefined;
    if (typeof result?.then === 'function') (result as Promise<unknown>).then(answered, answered);
    else answered();
    return result;
  }

  /** Since when this connection has been waiting for an answer, or undefined. */
  waitingSince(): number | undefined {
    let oldest: number | undefined;
    for (const { since } of this.pending) if (oldest === undefined || since < oldest) oldest = since;
    return oldest;
  }

  /** Ends the connection at once: its queries fail with "Connection terminated unexpectedly". */
  cut(): void {
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }

  /** A new connection to the same server answers `SELECT 1` in time. */
  async serverAnswers(): Promise<boolean> {
    const probe = new pg.Client({ ...this.settings, connectionTimeoutMillis: PROBE_MS, query_timeout: PROBE_MS, application_name: 'pasarela-probe' });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      await probe.end();
      return true;
    } catch (error) {
      (probe as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      // A refusal from the server itself (a SQLSTATE: no slot left, starting up, a password refused) is an answer: it
      // is there. Refused, cut or timed out (pg's "timeout expired", "Query read timeout") is not.
      // pg's DatabaseError, what the server sent, carries its severity; Node's socket errors do not.
      return typeof (error as { severity?: unknown }).severity === 'string';
    }
  }
}

function check(): void {
  if (watched.size === 0 && timer) {
    clearInterval(timer);
    timer = null;
    return;
  }
  if (probing) return;
  const now = performance.now();
  const stalled = [...watched].filter(
    (client) => now - (client.waitingSince() ?? now) >= STALL_MS && now - (answeredAt.get(client.server) ?? -Infinity) >= STALL_MS,
  );
  const asked = stalled[0];
  if (!asked) return;
  probing = true;
  void asked
    .serverAnswers()
    .then((answers) => {
      if (answers) answeredAt.set(asked.server, performance.now());
      else for (const client of stalled) if (client.server === asked.server && client.waitingSince() !== undefined) client.cut();
    })
    .finally(() => (probing = false));
}
