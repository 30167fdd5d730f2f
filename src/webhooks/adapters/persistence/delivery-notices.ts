// "Deliveries may be due", heard from any process by LISTEN on one channel, on a dedicated connection that
// reconnects. A missed notice costs at most the dispatcher's fallback poll.
import { ListenConnection } from '../../../kernel/listen-connection.js';
import { DELIVERIES_CHANNEL } from './outbox.js';

export class DeliveryNotices {
  private readonly listeners = new Set<() => void>();
  private connection: ListenConnection | null = null;

  constructor(private readonly databaseUrl: string | undefined) {}

  /** Listens while someone subscribes; the connection closes with the last unsubscribe. */
  subscribe(listener: () => void): () => Promise<void> {
    this.listeners.add(listener);
    if (this.listeners.size === 1 && this.databaseUrl) {
      // Deliveries may have become due while no one listened: `up` says so at every (re)connection.
      this.connection = new ListenConnection(this.databaseUrl, DELIVERIES_CHANNEL, 'pasarela-webhooks', {
        notice: () => this.notify(),
        up: () => this.notify(),
      });
      this.connection.startInBackground();
    }
    return async () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      const connection = this.connection;
      this.connection = null;
      await connection?.close();
    };
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
