// "Events were appended" across processes, by LISTEN/NOTIFY on one channel.
//
// The NOTIFY is not sent inside the append's transaction: PostgreSQL serialises the commits of every transaction
// that notified (a global lock held through the WAL flush), which measured here halved concurrent appends. It is
// sent right after the append commits, coalesced (one in flight per process, then a short gap), so a burst of
// appends costs a few notices. A notice lost to a crash between the commit and the NOTIFY is covered by the readers' fallback poll.
import pg from 'pg';
import type { DataSource } from 'typeorm';

export const EVENTS_CHANNEL = 'events_appended';

const RECONNECT_DELAY_MS = 1000;
/** Under sustained appends, at most one notice per gap: each is a commit, and readers need no more. */
const NOTICE_GAP_MS = 10;

export class PostgresNotifications {
  private readonly listeners = new Set<() => void>();
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private sending: Promise<void> | null = null;
  private sendAgain = false;
  private gapTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly databaseUrl: string,
  ) {}

  start(): Promise<void> {
    return this.listen();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Tells every listening process, soon, that events were committed. */
  signal(): void {
    if (this.closed) return;
    if (this.sending || this.gapTimer) {
      this.sendAgain = true;
      return;
    }
    this.sending = this.send().finally(() => {
      this.sending = null;
      if (!this.sendAgain || this.closed) return;
      this.sendAgain = false;
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        this.signal();
      }, NOTICE_GAP_MS);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.gapTimer) clearTimeout(this.gapTimer);
    await this.sending;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async send(): Promise<void> {
    try {
      await this.dataSource.query("SELECT pg_notify($1, '')", [EVENTS_CHANNEL]);
    } catch {
      // The readers' poll finds the events anyway.
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'pasarela-listen' });
    // Without an error listener a dropped connection (e.g. 57P01 at shutdown) crashes the process (TOOLCHAIN 7).
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    client.on('notification', () => this.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private reconnect(dropped: pg.Client): void {
    if (this.closed || this.client !== dropped) return;
    this.client = null;
    dropped.end().catch(() => undefined);
    const attempt = (): void => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().then(
        // Appends may have committed while no one listened.
        () => this.notify(),
        () => {
          this.reconnectTimer = setTimeout(attempt, RECONNECT_DELAY_MS);
        },
      );
    };
    this.reconnectTimer = setTimeout(attempt, RECONNECT_DELAY_MS);
  }

  private notify(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the others still hear of the append.
      }
    }
  }
}
