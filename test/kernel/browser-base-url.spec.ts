// PUBLIC_BASE_URL and SANDBOX_PUBLIC_URL are opened by buyers' browsers, and their hosts go into the pages'
// Content-Security-Policy (the sandbox's card frame, the forms to the bank and back), where a browser ignores a host
// with an underscore. With PUBLIC_BASE_URL=http://my_shop.local:3000 the gateway started, and every checkout broke at
// run time (the sandbox refused its return addresses). Now the start stops and says why.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/kernel/config.js';
import { GATEWAY_PROCESS } from '../support/gateway-process-env.js';
import { startChild } from '../support/child-process.js';
import { freePort } from '../support/ports.js';

describe('a browser-facing base URL with an underscore in its host', () => {
  it('stops `npm start` with one message naming the variable and the host', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-underscore-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: 'http://my_shop.local:3000', DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    for (const name of ['PORT', 'ADMIN_PORT', 'SANDBOX_PORT', 'EMBEDDED_PG_PORT']) env[name] = String(await freePort());
    const start = startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 60_000);
    // Started after all (the defect): stopped, so the test fails without leaving a gateway behind.
    void start.then((child) => child.kill('SIGTERM'), () => undefined);
    await expect(start).rejects.toThrow(/exited \(1\) before it was ready:\s+Invalid configuration:\n  - PUBLIC_BASE_URL cannot have an underscore in its host \(got "my_shop\.local"\)/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused for SANDBOX_PUBLIC_URL too; hyphens, digits and IP addresses are taken', () => {
    expect(() => loadConfig({ SANDBOX_PUBLIC_URL: 'http://sandbox_local:3002' })).toThrow('SANDBOX_PUBLIC_URL cannot have an underscore in its host (got "sandbox_local")');
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://my-shop2.local:3000' }).publicBaseUrl).toBe('http://my-shop2.local:3000');
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://[::1]:3000', SANDBOX_PUBLIC_URL: 'http://10.0.0.5:3002' }).sandboxPublicUrl).toBe('http://10.0.0.5:3002');
    // The provider is reached by the service, not by browsers: a container's name with an underscore is fine there.
    expect(loadConfig({ PROVIDER_URL: 'http://pasarela_sandbox:3002' }).providerUrl).toBe('http://pasarela_sandbox:3002');
  });
});
