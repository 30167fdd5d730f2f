// A merchant's webhook receiver on loopback, written the way docs/webhooks.md tells merchants to: the raw body,
// HMAC-SHA256 of "<t>.<raw body>", a constant-time comparison, 300 s tolerance, 400 when anything is off.
// It records every request (accepted or not) with its arrival time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const TOLERANCE_SECONDS = 300;

export type Verification = { ok: true } | { ok: false; reason: string };

/** The merchant-side check of svc-signature (spec, Events, signature rules 1 to 4). */
export function verifySignature(rawBody: string, header: string | undefined, secret: string, nowSeconds: number): Verification {
  if (!header) return { ok: false, reason: 'no signature' };
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return { ok: false, reason: 'malformed signature' };
  if (Math.abs(nowSeconds - Number(t)) > TOLERANCE_SECONDS) return { ok: false, reason: 'too old' };
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  const matches = signatures.some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'bad signature' };
}

export interface ReceivedRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  verification: Verification;
  /** What the receiver answered. */
  status: number;
}

export interface ReceiverOptions {
  secret?: string;
  /** Status to answer the n-th verified request (1-based); 200 by default. */
  answer?: (n: number, request: ReceivedRequest) => number;
  /** Headers to send with an answer (e.g. a redirect's Location). */
  headers?: Record<string, string>;
  /** Body sent with every answer: the gateway must never show it to anyone. */
  responseBody?: string;
  /** Time taken before answering: always, or for the n-th request (1-based, verified or not). */
  holdMs?: number | ((n: number) => number);
  /**
   * Answers kept back until the test calls `release()`: every one, or the n-th request's (1-based, verified or not).
   * For a test that looks at the gateway while an attempt is under way: for as long as it looks, not for a fixed time
   * a busy box may outrun. holdMs, if any, runs after the release.
   */
  held?: boolean | ((n: number) => boolean);
  host?: string;
  port?: number;
  /** The receiver's clock in epoch ms, for the 300 s rule (default Date.now: a test that moves the gateway's clock
   * moves this one with it). */
  now?: () => number;
}

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  connections = 0;
  secret: string;
  private server: Server;
  private readonly sockets = new Set<Socket>();
  private verified = 0;
  private address: AddressInfo | null = null;
  private readonly heldAnswers = new Set<() => void>();

  private constructor(private readonly options: ReceiverOptions) {
    this.secret = options.secret ?? '';
    this.server = this.makeServer();
  }

  /** Lets the answers held so far go (see `held`); a later request it names is held until the next release. */
  release(): void {
    for (const answer of this.heldAnswers) answer();
    this.heldAnswers.clear();
  }

  static async start(options: ReceiverOptions = {}): Promise<Receiver> {
    const receiver = new Receiver(options);
    await receiver.listen(options.port ?? 0);
    return receiver;
  }

  get port(): number {
    if (!this.address) throw new Error('receiver not listening');
    return this.address.port;
  }

  get url(): string {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.port}/webhooks`;
  }

  /** Requests whose signature checked out. */
  get accepted(): ReceivedRequest[] {
    return this.requests.filter((r) => r.verification.ok);
  }

  /** Stops listening (connections refused) until `up()`: a receiver that is down. */
  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async up(): Promise<void> {
    this.server = this.makeServer();
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }

  private makeServer(): Server {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const received: ReceivedRequest = {
          at: Date.now(),
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          rawBody,
          verification: verifySignature(rawBody, request.headers['svc-signature'] as string | undefined, this.secret, Math.floor((this.options.now ?? Date.now)() / 1000)),
          status: 400,
        };
        if (received.verification.ok) received.status = this.options.answer?.(++this.verified, received) ?? 200;
        this.requests.push(received);
        const { holdMs = 0, held = false } = this.options;
        const n = this.requests.length;
        const hold = typeof holdMs === 'number' ? holdMs : holdMs(n);
        const released = (typeof held === 'boolean' ? held : held(n))
          ? new Promise<void>((resolve) => this.heldAnswers.add(resolve))
          : Promise.resolve();
        let answer: NodeJS.Timeout | undefined;
        let closed = false;
        void released.then(() => {
          if (closed) return;
          answer = setTimeout(() => {
            response.writeHead(received.status, { 'content-type': 'text/plain', ...this.options.headers });
            response.end(this.options.responseBody ?? (received.verification.ok ? 'ok' : received.verification.reason));
          }, hold);
        });
        // A sender that gave up (or `down()`) closes the connection: a held answer must not outlive it and keep
        // the Jest worker alive ("A worker process has failed to exit gracefully").
        response.once('close', () => {
          closed = true;
          clearTimeout(answer);
        });
      });
    });
    server.on('connection', (socket: Socket) => {
      this.connections++;
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    return server;
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, this.options.host ?? '127.0.0.1', () => {
        this.address = this.server.address() as AddressInfo;
        resolve();
      });
    });
  }
}

/** Polls until `check` is true, or fails after `timeoutMs` with `what`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
