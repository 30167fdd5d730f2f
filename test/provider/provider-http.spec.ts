// The provider's HTTP client: which answers are a refusal (the request will never succeed) and which only refuse the
// moment (asked again later: a refund's note stays, a create answers 503). A real server on loopback stands in for a
// provider that is busy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderUnavailable } from '../../src/payments/application/ports/provider.port.js';
import { ProviderRejected, providerRequest } from '../../src/provider/adapters/provider-http.js';

describe('providerRequest', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const status = Number(request.url?.slice(1));
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'ocupado', message: `answered ${status}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = (status: number) => providerRequest('POST', `${base}/${status}`, { secret: 's', body: {}, timeoutMs: 5_000 });

  it.each([408, 425, 429, 500, 503])('treats %i as "not now": ProviderUnavailable, so the caller keeps its note and retries', async (status) => {
    await expect(ask(status)).rejects.toThrow(ProviderUnavailable);
  });

  it.each([400, 404, 409, 422])('treats %i as a refusal the provider will repeat, with its body', async (status) => {
    const error = await ask(status).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRejected);
    expect((error as ProviderRejected).status).toBe(status);
    expect((error as ProviderRejected).body).toContain(`answered ${status}`);
  });

  it('answers the body of a 2xx', async () => {
    // 200 with the refusal-shaped body above: it is still an answer, parsed.
    await expect(ask(200)).resolves.toEqual({ code: 'ocupado', message: 'answered 200' });
  });
});
