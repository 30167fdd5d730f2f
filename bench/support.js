// What the benches share.
import { createServer } from 'node:net';

/** A port free on loopback now (the OS picks it). */
export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
