// Stands between the sandbox and the gateway's notice door (`sandboxNoticeUrl`), to play the network between them:
// while `down`, the gateway does not answer (503, the sandbox retries later); while `holding`, a notice waits in the
// relay until `release()` sends it on (the clock can be moved in between).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class NoticeRelay {
  down = false;
  holding = false;
  target = '';
  private readonly held: Array<() => void> = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<NoticeRelay> {
    const server = createServer();
    const relay = new NoticeRelay(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (relay.down) return void response.writeHead(503).end();
        const headers = { 'content-type': String(request.headers['content-type']), 'sandbox-signature': String(request.headers['sandbox-signature']) };
        const forward = (): void => {
          fetch(relay.target, { method: 'POST', headers, body: Buffer.concat(chunks) })
            .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
            .catch(() => response.writeHead(502).end());
        };
        if (relay.holding) relay.held.push(forward);
        else forward();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return relay;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/provider/notices`;
  }

  /** How many notices wait in the relay. */
  get waiting(): number {
    return this.held.length;
  }

  /** Stops holding and sends on every notice held, as they are (their signatures made when the sandbox sent them). */
  release(): void {
    this.holding = false;
    for (const forward of this.held.splice(0)) forward();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
