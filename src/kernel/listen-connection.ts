// A dedicated connection that LISTENs on one channel and comes back after a drop. Each user decides what a drop
// means for it: a notice sent while no one listened is lost, so `up` is also called after every reconnection.
import type pg from 'pg';
import { dedicatedConnection } from './database.js';

export interface ListenHandlers {
  notice(payload: string): void;
  /** Listening (again): whatever the notices announce may have happened while the connection was down. */
  up(): void;
  /** The connection dropped; a new one is tried every `reconnectMs`. */
  down?(): void;
}

export class ListenConnection {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private running = false;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    /** As pg_stat_activity shows it. */
    private readonly applicationName: string,
    private readonly handlers: ListenHandlers,
    private readonly reconnectMs = 1000,
  ) {}

  /** Connects and listens; rejects (and stays closed) if the first connection fails. */
  async start(): Promise<void> {
    this.running = true;
    try {
      await this.listen();
    } catch (error) {
      this.running = false;
      throw error;
    }
  }

  /** Like start, but a failed first connection is retried in the background like a drop. */
  startInBackground(): void {
    this.running = true;
    this.starting = this.listen().catch(() => this.reconnectLater());
  }

  async close(): Promise<void> {
    this.running = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.starting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = dedicatedConnection(this.databaseUrl, this.applicationName);
    // Without an error listener a dropped connection (e.g. 57P01 at shutdown) crashes the process (TOOLCHAIN 7).
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', (message) => this.handlers.notice(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.handlers.up();
  }

  private dropped(client: pg.Client): void {
    if (!this.running || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.handlers.down?.();
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (!this.running || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.running) return;
      this.starting = this.listen().catch(() => this.reconnectLater());
    }, this.reconnectMs);
  }
}
