// "Deliveries may be due", heard from any process by LISTEN on one channel, on a dedicated connection that
// reconnects. A missed notice costs at most the dispatcher's fallback poll.
import pg from 'pg';
import { DELIVERIES_CHANNEL } from './outbox.js';

const RECONNECT_DELAY_MS = 1000;

export class DeliveryNotices {
  private readonly listeners = new Set<() => void>();
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private starting: Promise<void> | null = null;

  constructor(private readonly databaseUrl: string | undefined) {}

  /** Listens while someone subscribes; the connection closes with the last unsubscribe. */
  subscribe(listener: () => void): () => Promise<void> {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.starting = this.listen().catch(() => this.reconnectLater());
    return async () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) await this.stop();
    };
  }

  private async stop(): Promise<void> {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await this.starting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (!this.databaseUrl || this.listeners.size === 0) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'pasarela-webhooks' });
    // Without an error listener a dropped connection crashes the process (TOOLCHAIN.md fact 7).
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', () => this.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${DELIVERIES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.listeners.size === 0) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.notify(); // deliveries may have become due while no one listened
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.listeners.size === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.starting = this.listen().catch(() => this.reconnectLater());
    }, RECONNECT_DELAY_MS);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
