// A port the system has just handed out and taken back: free for a listener of ours, or, left unused, a port
// nothing listens on (a store or database that does not answer). Never one this process was handed before: the
// system may give a port it took back again at once, and two listeners of one gateway on one port refuse to start
// (a CI run got PORT and ADMIN_PORT equal).
import { createServer } from 'node:net';

const handedOut = new Set<number>();

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function freePort(): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}
