// A database outage without stopping PostgreSQL: the gateway reaches its database through a TCP relay of the test's
// own, which the test cuts (every open connection dropped, every new one refused) and mends.
import net from 'node:net';

export interface DatabaseRelay {
  port: number;
  cut(): void;
  /** The server stops answering, as a frozen one or one beyond a partition: bytes sent are taken, none come back. */
  freeze(): void;
  mend(): void;
  close(): Promise<void>;
}

/** The URL of `databaseUrl` through `relay`. */
export function relayedUrl(databaseUrl: string, relay: DatabaseRelay): string {
  const relayed = new URL(databaseUrl);
  [relayed.hostname, relayed.port] = ['127.0.0.1', String(relay.port)];
  return relayed.toString();
}

/** Relays TCP to PostgreSQL until cut: then it drops every open connection and every new one. */
export async function relayTo(target: URL): Promise<DatabaseRelay> {
  const sockets = new Set<net.Socket>();
  let cut = false;
  let frozen = false;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    if (frozen) {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => undefined);
      return void client.resume();
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    freeze() {
      frozen = true;
      // Each side's bytes are read and dropped: nothing reaches the other.
      for (const socket of sockets) {
        socket.unpipe();
        socket.removeAllListeners('data');
        socket.on('data', () => undefined);
      }
    },
    mend() {
      cut = false;
      frozen = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
