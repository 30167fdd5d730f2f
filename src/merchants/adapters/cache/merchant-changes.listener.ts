// Keeps the process's MerchantCache honest across processes: LISTENs for the change notices of migration 0920's
// triggers on a dedicated connection. A notice lost while that connection is down cannot be told apart from no
// change at all, so the cache serves only while the LISTEN stands: suspended (cleared, bypassed) when it drops,
// resumed once it is back.
import pg from 'pg';
import { MERCHANT_CHANGES_CHANNEL, type MerchantCache } from './merchant-cache.js';

/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const MERCHANT_CHANGES_LISTENER = 'pasarela-merchant-cache';

const RECONNECT_DELAY_MS = 1000;

export class MerchantChangesListener {
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly cache: MerchantCache,
    private readonly databaseUrl: string,
  ) {}

  start(): Promise<void> {
    return this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.cache.suspend();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: MERCHANT_CHANGES_LISTENER });
    // Without an error listener a dropped connection (e.g. 57P01) crashes the process (TOOLCHAIN 7).
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', (message) => this.cache.apply(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${MERCHANT_CHANGES_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.cache.resume();
  }

  private dropped(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.cache.suspend();
    client.end().catch(() => undefined);
    const attempt = (): void => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.listen().catch(() => {
        this.reconnectTimer = setTimeout(attempt, RECONNECT_DELAY_MS);
      });
    };
    this.reconnectTimer = setTimeout(attempt, RECONNECT_DELAY_MS);
  }
}
