// JSON over HTTP to the provider, with a hard time-out: a time-out, a dropped connection, a 5xx or a "not now" (408,
// 425, 429) is ProviderUnavailable (an unknown outcome, asked again later), never a failure of the payment.
import http from 'node:http';
import https from 'node:https';
import { ProviderUnavailable } from '../../payments/application/ports/provider.port.js';

/** Answers that refuse the moment, not the request: the same request later may well succeed. */
const NOT_NOW = new Set([408, 425, 429]);

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 256 }), https: new https.Agent({ keepAlive: true, maxSockets: 256 }) };

export class ProviderRejected extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Provider answered ${status}`);
    this.name = 'ProviderRejected';
  }
}

export function providerRequest<T>(
  method: string,
  url: string,
  options: { secret: string; body?: unknown; timeoutMs: number },
): Promise<T> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<T>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method,
        agent: target.protocol === 'https:' ? agents.https : agents.http,
        headers: {
          authorization: `Bearer ${options.secret}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(new ProviderUnavailable(error.message));
        });
        response.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status >= 500 || NOT_NOW.has(status)) return reject(new ProviderUnavailable(`status ${status}`));
          if (status < 200 || status >= 300) return reject(new ProviderRejected(status, text));
          try {
            resolve((text ? JSON.parse(text) : undefined) as T);
          } catch {
            reject(new ProviderUnavailable('unreadable answer'));
          }
        });
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(new ProviderUnavailable(error.message));
    });
    request.end(payload);
  });
}
