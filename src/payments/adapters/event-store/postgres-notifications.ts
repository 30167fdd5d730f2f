// "Events were appended" across processes, by LISTEN/NOTIFY on one channel.
//
// The NOTIFY is not sent inside the append's transaction: PostgreSQL serialises the commits of every transaction
// that notified (a global lock held through the WAL flush), which measured here halved concurrent appends. It is
// sent right after the append commits, coalesced (one in flight per process, then a short gap), so a burst of
// appends costs a few notices. A notice lost to a crash between the commit and the NOTIFY is covered by the readers' fallback poll.
import type { DataSource } from 'typeorm';
import { ListenConnection } from '../../../kernel/listen-connection.js';

export const EVENTS_CHANNEL = 'events_appended';

/** Under sustained appends, at most one notice per gap: each is a commit, and readers need no more. */
const NOTICE_GAP_MS = 10;

export class PostgresNotifications {
  private readonly listeners = new Set<() => void>();
  private readonly connection: ListenConnection;
  private sending: Promise<void> | null = null;
  private sendAgain = false;
  private gapTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    databaseUrl: string,
  ) {
    // After a reconnection too: appends may have committed while no one listened.
    this.connection = new ListenConnection(databaseUrl, EVENTS_CHANNEL, 'pasarela-listen', {
      notice: () => this.notify(),
      up: () => this.notify(),
    });
  }

  start(): Promise<void> {
    return this.connection.start();
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
    if (this.gapTimer) clearTimeout(this.gapTimer);
    await this.sending;
    await this.connection.close();
  }

  private async send(): Promise<void> {
    try {
      await this.dataSource.query("SELECT pg_notify($1, '')", [EVENTS_CHANNEL]);
    } catch {
      // The readers' poll finds the events anyway.
    }
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
