// POSTs a webhook under the destination rules (DESIGN.md 5.15): the URL is checked, the host resolved and EVERY
// address checked, and the connection pinned to the checked address (a second resolution could answer otherwise:
// DNS rebinding). The address actually connected to is checked once more. Redirects are never followed; the
// response body is read only to be thrown away, and never reported.
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { OutgoingWebhook, SendResult, WebhookSender } from '../../application/ports/webhook-sender.port.js';
import { bareHost, checkAddress, checkDestination, type DestinationPolicy } from '../../domain/destination.js';
import { classifyAddress } from '../../domain/ip-address.js';

/** Resolves a host name to every address it has. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** More than any acknowledgement needs; a longer body is cut (and the connection with it). */
const MAX_RESPONSE_BYTES = 64 * 1024;

class DestinationRefused extends Error {}

export class HttpWebhookSender implements WebhookSender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };

  constructor(
    private readonly policy: DestinationPolicy,
    private readonly timeoutMs: number,
    private readonly resolve: Resolve = systemResolve,
  ) {}

  async send(request: OutgoingWebhook, signal?: AbortSignal): Promise<SendResult> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    // One deadline for everything: resolving, connecting, TLS, the answer.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const abort = signal ? AbortSignal.any([deadline, signal]) : deadline;
    try {
      const checked = checkDestination(request.url, this.policy);
      if (!checked.ok) throw new DestinationRefused(checked.reason);
      const target = await this.pin(checked.url, abort);
      const statusCode = await this.post(checked.url, target, request, abort);
      return { statusCode, latencyMs: elapsed(), error: statusError(statusCode) };
    } catch (error) {
      return { statusCode: null, latencyMs: elapsed(), error: this.describe(error, deadline.aborted) };
    }
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  /** The one address the request may connect to. */
  private async pin(url: URL, abort: AbortSignal): Promise<LookupAddress> {
    const host = bareHost(url);
    if (classifyAddress(host)) return { address: host, family: host.includes(':') ? 6 : 4 };
    const addresses = await untilAborted(this.resolve(host), abort);
    if (addresses.length === 0) throw Object.assign(new Error('no address'), { code: 'ENOTFOUND' });
    // One private answer among public ones is how a rebinding attack looks: refuse the name outright.
    for (const { address } of addresses) {
      const refusal = checkAddress(address, this.policy);
      if (refusal) throw new DestinationRefused(`${host} ${refusal}`);
    }
    return addresses[0]!;
  }

  private post(url: URL, target: LookupAddress, request: OutgoingWebhook, abort: AbortSignal): Promise<number> {
    const body = Buffer.from(request.body, 'utf8');
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    return new Promise<number>((resolve, reject) => {
      const outgoing = (protocol === 'https:' ? https : http).request({
        method: 'POST',
        protocol,
        hostname: bareHost(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, 'content-length': String(body.length) },
        agent: this.agents[protocol],
        lookup: pinned,
        signal: abort,
      });
      outgoing.on('socket', (socket: Socket) => {
        // A reused keep-alive socket was checked when it connected.
        if (socket.connecting) socket.once('connect', () => this.verifyConnected(socket));
      });
      outgoing.on('response', (response) => {
        const status = response.statusCode ?? 0;
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) {
            response.destroy();
            resolve(status);
          }
        });
        response.on('end', () => resolve(status));
        // The status is known: the body is never used, so its failure changes nothing.
        response.on('error', () => resolve(status));
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  private verifyConnected(socket: Socket): void {
    const remote = socket.remoteAddress;
    const refusal = remote ? checkAddress(remote, this.policy) : 'connected to an unknown address';
    if (refusal) socket.destroy(new DestinationRefused(`the connection ${refusal} (${remote ?? '?'})`));
  }

  private describe(error: unknown, timedOut: boolean): string {
    if (error instanceof DestinationRefused) return `destination refused: ${error.message}`;
    if (timedOut) return `no answer within ${this.timeoutMs / 1000} s`;
    const code = (error as { code?: unknown } | null)?.code;
    switch (code) {
      case 'ECONNREFUSED':
        return 'connection refused';
      case 'ECONNRESET':
      case 'EPIPE':
        return 'connection reset';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return 'host not found';
      case 'EHOSTUNREACH':
      case 'ENETUNREACH':
        return 'host unreachable';
      case 'ETIMEDOUT':
        return 'connection timed out';
      case 'ABORT_ERR':
        return 'cancelled';
      default:
        break;
    }
    if (typeof code === 'string' && /CERT|TLS|SSL|SELF_SIGNED/.test(code)) return `TLS: ${code}`;
    return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  }
}

function statusError(statusCode: number): string | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}

function untilAborted<T>(work: Promise<T>, abort: AbortSignal): Promise<T> {
  if (abort.aborted) return Promise.reject(abort.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abort.reason);
    abort.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => abort.removeEventListener('abort', onAbort));
  });
}
