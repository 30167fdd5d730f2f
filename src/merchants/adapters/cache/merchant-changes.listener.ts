// Keeps the process's MerchantCache honest across processes: LISTENs for the change notices of migration 0920's
// triggers on a dedicated connection. A notice lost while that connection is down cannot be told apart from no
// change at all, so the cache serves only while the LISTEN stands: suspended (cleared, bypassed) when it drops,
// resumed once it is back.
import { ListenConnection } from '../../../kernel/listen-connection.js';
import { MERCHANT_CHANGES_CHANNEL, type MerchantCache } from './merchant-cache.js';

/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const MERCHANT_CHANGES_LISTENER = 'pasarela-merchant-cache';

export class MerchantChangesListener {
  private readonly connection: ListenConnection;

  constructor(
    private readonly cache: MerchantCache,
    databaseUrl: string,
  ) {
    this.connection = new ListenConnection(databaseUrl, MERCHANT_CHANGES_CHANNEL, MERCHANT_CHANGES_LISTENER, {
      notice: (payload) => cache.apply(payload),
      up: () => cache.resume(),
      down: () => cache.suspend(),
    });
  }

  start(): Promise<void> {
    return this.connection.start();
  }

  async close(): Promise<void> {
    this.cache.suspend();
    await this.connection.close();
  }
}
