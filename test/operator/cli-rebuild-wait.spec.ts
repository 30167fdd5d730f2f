// `pasarela-ops charges rebuild` waited 30 s, the default of every command, while the gateway replays a big log for
// minutes (src/payments/adapters/projections/rebuild.ts): on such a log the CLI said it timed out while the rebuild
// went on. It waits 900 s now, as reconcile does; what it waits is stated where an operator looks (its help), and
// --timeout still sets it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from '../support/ports.js';
import { runCli } from '../support/cli.js';

describe('pasarela-ops charges rebuild: how long it waits', () => {
  let silent: Server;
  let url: string;
  const asked: IncomingMessage[] = [];

  beforeAll(async () => {
    // An operator API that takes the request and never answers, as a gateway busy on a long rebuild.
    silent = createServer((request) => void asked.push(request));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}`;
  });

  afterAll(() => {
    silent.closeAllConnections();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('says it waits up to 900 s, as long as a rebuild of a big log may take', async () => {
    const own = await runCli(['charges', 'rebuild', '--help']);
    expect(own).toMatchObject({ code: 0, stderr: '' });
    expect(own.stdout).toContain('waits up to 900 s for it to finish (a big log takes minutes)');
    const all = await runCli(['--help']);
    expect(all.stdout).toMatch(/--timeout <s> +Seconds to wait for each answer of the API, 1 to 3600 \(default 30;\s+charges reconcile 900, charges rebuild 900\)/);
  });

  it('waits what --timeout says instead, and then says the rebuild may still be going on', async () => {
    const run = await runCli(['--url', url, '--token', 'x'.repeat(32), '--timeout', '1', 'charges', 'rebuild']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toContain(`the operator API at ${url} did not answer within 1 s (--timeout): the gateway may still be working on it`);
    expect(run.stderr).toContain('running it again starts a second rebuild beside the first; the read model stays whole until each swaps its rebuilt copy in');
    expect(asked.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /internal/proyecciones/pagos/reconstruccion']);
  });
});
