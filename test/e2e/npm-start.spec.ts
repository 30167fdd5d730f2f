// `npm start` as a new user meets it: the compiled service on its embedded PostgreSQL, its banner, the demo merchant.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { http } from '../support/gateway.js';
import { freePort } from '../support/ports.js';
import { PortalClient, STRONG_PASSWORD } from '../portal/portal-client.js';

const ROOT = path.resolve('.');

/**
 * A banner line that runs the operator CLI, pasted into sh in a new shell in the project's folder (none of the
 * gateway's ADMIN_PORT, DATA_DIR or OPERATOR_TOKEN in its environment); its output.
 */
async function pasteOps(banner: string, command: string): Promise<string> {
  const line = new RegExp(`^(?:.*: | +)?((?:DATA_DIR=\\S+ )?npx pasarela-ops .*\\b${command}\\b.*)$`, 'm').exec(banner)?.[1];
  if (!line) throw new Error(`no pasarela-ops ${command} in the banner:\n${banner}`);
  const { OPERATOR_TOKEN: _, DATA_DIR: __, ADMIN_PORT: ___, ...fresh } = process.env;
  return new Promise<string>((resolve, reject) =>
    execFile('sh', ['-c', line], { cwd: ROOT, env: fresh }, (error, out, err) => (error ? reject(new Error(`${line}: ${error.message}\n${err}`)) : resolve(out))),
  );
}

/** The banner's curl (from `curl` to its `-d` line, with its backslash-newlines) run by sh as pasted; its JSON answer. */
async function pasteCurl(banner: string): Promise<Record<string, unknown>> {
  const command = /^ +(curl -s -X POST [\s\S]*?\n +-d .*)$/m.exec(banner)?.[1];
  if (!command) throw new Error(`no curl in the banner:\n${banner}`);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile('sh', ['-c', command], (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out))),
  );
  return JSON.parse(stdout) as Record<string, unknown>;
}
const OUT = path.join(ROOT, '.test-build');

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--outDir', OUT], { cwd: ROOT }, (error, stdout) =>
      error ? reject(new Error(`tsc failed: ${stdout}`)) : resolve(),
    );
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [path.join(OUT, 'main.js')], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner in 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      // The banner is one write; its last line differs (a curl, or how to get a key), so wait out the chunk.
      if (output.includes('Pasarela is running')) {
        clearTimeout(timer);
        setTimeout(() => resolve({ child, output: () => output }), 200);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before its banner:\n${output}`));
    });
  });
}

/** Resolves once nothing accepts connections on the port; rejects after `ms`. */
async function closed(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!open) return;
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts connections after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const stop = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('npm start (the embedded default)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  /** The charge the banner's curl created on the first start. */
  let bannerCharge: unknown;

  beforeAll(async () => {
    await build();
    const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-start-'));
    chmodSync(parent, 0o755);
    dataDir = path.join(parent, 'data');
    const [port, admin, sandbox, pg] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    env = { PORT: String(port), ADMIN_PORT: String(admin), SANDBOX_PORT: String(sandbox), EMBEDDED_PG_PORT: String(pg), DATA_DIR: dataDir };
    delete process.env.OPERATOR_TOKEN;
    delete process.env.DATABASE_URL;
  }, 120_000);

  it('starts its own PostgreSQL, prints how to get going, and the printed curl creates a charge', async () => {
    const { child, output } = await start(env);
    try {
      const banner = output();
      expect(banner).toContain(`http://localhost:${env.PORT}/v1`);
      // The sandbox's one page a person opens by hand, as printed (its origin alone is a 404).
      const cashNetwork = /cash vouchers are paid at (http:\/\/localhost:\d+\/red-efectivo)\)/.exec(banner)?.[1];
      expect(cashNetwork).toBe(`http://localhost:${env.SANDBOX_PORT}/red-efectivo`);
      const page = await http('GET', cashNetwork!.replace('localhost', '127.0.0.1'));
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      const token = /Operator token \(Authorization: Bearer \.\.\.\): (\S+)/.exec(banner)?.[1];
      const merchantId = /merchantId\s+([0-9a-f-]{36})/.exec(banner)?.[1];
      const apiKey = /API key\s+(svcpk_\S+)/.exec(banner)?.[1];
      expect(token).toBeDefined();
      expect(merchantId).toBeDefined();
      expect(apiKey).toBeDefined();
      // Secrets kept in DATA_DIR are readable by their owner only.
      expect(statSync(path.join(dataDir, 'operator-token')).mode & 0o077).toBe(0);
      expect(statSync(path.join(dataDir, 'demo-merchant.json')).mode & 0o077).toBe(0);

      // The curl of the banner, as a user would paste it.
      const created = await pasteCurl(banner);
      expect(created).toMatchObject({ merchantId, estado: 'pendiente', monto: 150000, referencia: expect.stringMatching(/^PED-\d+$/) });
      expect(created.checkoutUrl).toMatch(new RegExp(`^http://localhost:${env.PORT}/checkout/`));
      bannerCharge = created.id;

      const operator = await http('GET', `http://127.0.0.1:${env.ADMIN_PORT}/internal/pagos/${created.id}/eventos`, { token });
      expect(operator.status).toBe(200);

      // The portal in one step: its sign-in page, and the printed invitation, pasted, gives a link that signs in.
      const portal = /^ +Merchant portal +(\S+)/m.exec(banner)?.[1];
      expect(portal).toBe(`http://localhost:${env.PORT}/portal/ingresar`);
      const signInPage = await new PortalClient(`http://localhost:${env.PORT}`).get('/portal/ingresar');
      expect(signInPage.status).toBe(200);
      expect(signInPage.text).toContain('type="password"');
      const invited = await pasteOps(banner, `people invite ${merchantId}`);
      const link = new URL(/^\s+(http:\/\/\S+\/portal\/invitacion\/\S+)$/m.exec(invited)?.[1] ?? 'http://no-link-printed/');
      expect(link.origin).toBe(`http://localhost:${env.PORT}`);
      const browser = new PortalClient(link.origin);
      const accepted = await browser.submit(link.pathname, link.pathname, { password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD });
      expect(accepted.status).toBe(303);
      const home = await browser.get(accepted.location ?? '/portal');
      expect(home.status).toBe(200);
      expect(home.text).toContain('Tienda Demo');
    } finally {
      // The output is in the failure message when the exit code is wrong.
      expect({ code: await stop(child), output: output() }).toMatchObject({ code: 0 });
    }
  }, 90_000);

  it('starts again on the same DATA_DIR with the same demo merchant and operator token', async () => {
    const first = JSON.parse(readFileSync(path.join(dataDir, 'demo-merchant.json'), 'utf8'));
    const { child, output } = await start(env);
    try {
      expect(output()).toContain(first.apiKey);
      const charge = await http('GET', `http://127.0.0.1:${env.PORT}/v1/pagos/${bannerCharge}`, { token: first.apiKey });
      expect(charge.status).toBe(200);
      // The banner's curl pasted again after the restart is a new order: a new charge, not the first run's replayed.
      const again = await pasteCurl(output());
      expect(again).toMatchObject({ estado: 'pendiente', monto: 150000 });
      expect(again.id).not.toBe(bannerCharge);

      // Its administrator is in now: the banner says who to ask about rather than inviting "Ana" again.
      expect(output()).not.toContain('people invite');
      const people = await pasteOps(output(), `people list ${first.merchantId}`);
      expect(people).toMatch(/^\S+\s+ana@tienda-demo\.co\s+Ana Gómez\s+administrador\s+activa\s/m);
    } finally {
      expect({ code: await stop(child), output: output() }).toMatchObject({ code: 0 });
    }
  }, 90_000);

  // The OOM killer, or `kill -9`, ends the gateway without its shutdown: its PostgreSQL, a child process, lives on.
  it('killed with SIGKILL, it starts again on the same DATA_DIR: the PostgreSQL the killed run left is stopped first', async () => {
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-merchant.json'), 'utf8'));
    const killed = await start(env);
    const made = await http('POST', `http://127.0.0.1:${env.PORT}/v1/pagos`, {
      token: demo.apiKey,
      body: { merchantId: demo.merchantId, monto: 42000, moneda: 'COP', referencia: 'ANTES-DEL-KILL' },
      headers: { 'idempotency-key': 'antes-del-kill' },
    });
    expect(made.status).toBe(201);
    await new Promise((resolve) => {
      killed.child.once('exit', resolve);
      killed.child.kill('SIGKILL');
    });
    // What made the next start fail before: the server still holds its port.
    await expect(closed(Number(env.EMBEDDED_PG_PORT), 1000)).rejects.toThrow('still accepts connections');

    const again = await start(env);
    try {
      expect(again.output()).toContain('stopping the server a killed run left running');
      const charge = await http('GET', `http://127.0.0.1:${env.PORT}/v1/pagos/${made.body.id}`, { token: demo.apiKey });
      expect(charge.body).toMatchObject({ id: made.body.id, referencia: 'ANTES-DEL-KILL', estado: 'pendiente' });
    } finally {
      expect({ code: await stop(again.child), output: again.output() }).toMatchObject({ code: 0 });
    }
    await closed(Number(env.EMBEDDED_PG_PORT), 20_000);
  }, 180_000);

  it('a second gateway on a DATA_DIR in use stops with a message that says so, and the first keeps serving', async () => {
    const first = await start(env);
    try {
      const [port, admin, sandbox] = await Promise.all([freePort(), freePort(), freePort()]);
      const second = spawn(process.execPath, [path.join(OUT, 'main.js')], {
        cwd: ROOT,
        env: { ...process.env, ...env, PORT: String(port), ADMIN_PORT: String(admin), SANDBOX_PORT: String(sandbox) },
      });
      let stderr = '';
      second.stderr.on('data', (chunk) => (stderr += chunk));
      expect(await new Promise((resolve) => second.once('exit', resolve))).toBe(1);
      expect(stderr).toContain(`is in use by another running Pasarela (process ${first.child.pid})`);
      expect((await http('GET', `http://127.0.0.1:${env.PORT}/health`)).status).toBe(200);
    } finally {
      expect({ code: await stop(first.child), output: first.output() }).toMatchObject({ code: 0 });
    }
  }, 180_000);

  it('tells the truth about the demo merchant after its key is revoked and its site changed: no dead key printed', async () => {
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-merchant.json'), 'utf8'));
    const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim();
    let running = await start(env);
    try {
      expect(running.output()).toContain(`(id ${demo.keyId})`);
      const moved = await http('PUT', `http://127.0.0.1:${env.PORT}/v1/merchants/me/registro-web`, {
        token: demo.apiKey,
        body: { sitioWeb: 'https://otra-tienda.example', urlRetorno: 'https://otra-tienda.example/gracias' },
      });
      expect(moved.status).toBe(200);
    } finally {
      expect(await stop(running.child)).toBe(0);
    }
    running = await start(env);
    try {
      expect(running.output()).toContain('(approved, site https://otra-tienda.example registered)');
      expect((await http('DELETE', `http://127.0.0.1:${env.ADMIN_PORT}/internal/api-keys/${demo.keyId}`, { token })).status).toBe(204);
    } finally {
      expect(await stop(running.child)).toBe(0);
    }
    running = await start(env);
    try {
      const banner = running.output();
      expect(banner).not.toContain(demo.apiKey);
      expect(banner).toContain('none that works');
      // Pasted as printed, it issues a working key.
      const issued = /^ +(svcpk_\S+)$/m.exec(await pasteOps(banner, `keys issue ${demo.merchantId}`))?.[1];
      expect((await http('GET', `http://127.0.0.1:${env.PORT}/v1/merchants/me`, { token: issued })).status).toBe(200);
    } finally {
      expect(await stop(running.child)).toBe(0);
    }
  }, 180_000);

  // A process manager stops `npm start` with SIGTERM to npm: the signal must reach the gateway, not stop at the shell.
  it('`npm start` itself, stopped with SIGTERM to npm: the gateway and its PostgreSQL stop too', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-npm-start-'));
    chmodSync(parent, 0o755);
    const [port, admin, sandbox, pg] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const own = { PORT: String(port), ADMIN_PORT: String(admin), SANDBOX_PORT: String(sandbox), EMBEDDED_PG_PORT: String(pg), DATA_DIR: path.join(parent, 'data') };
    const npm = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, ...own }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => npm.once('exit', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner in 120 s:\n${output}`)), 120_000);
        npm.stdout.on('data', () => output.includes('curl -s -X POST') && (clearTimeout(timer), resolve()));
        npm.once('exit', (code) => (clearTimeout(timer), reject(new Error(`npm start exited ${code}:\n${output}`))));
      });
      expect((await http('GET', `http://127.0.0.1:${port}/docs/openapi.json`)).status).toBe(200);
    } finally {
      npm.kill('SIGTERM');
      await exited;
    }
    await closed(port, 20_000);
    await closed(pg, 20_000);
  }, 180_000);

  // A port another program holds (a dev server on 3000, a PostgreSQL on 54329): the message names the variable to
  // change, not only the system's EADDRINUSE.
  it.each([['PORT'], ['ADMIN_PORT'], ['SANDBOX_PORT'], ['EMBEDDED_PG_PORT']])('says which port is taken when %s is in use', async (variable) => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(Number(env[variable]), '127.0.0.1', resolve));
    try {
      const fresh = mkdtempSync(path.join(os.tmpdir(), 'pasarela-port-'));
      chmodSync(fresh, 0o755);
      const child = spawn(process.execPath, [path.join(OUT, 'main.js')], { cwd: ROOT, env: { ...process.env, ...env, DATA_DIR: path.join(fresh, 'data') } });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
      expect(stderr).toContain(`${variable} ${env[variable]} is in use by another program: stop it, or set ${variable} to a free port`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    await closed(Number(env.EMBEDDED_PG_PORT), 20_000);
  }, 120_000);

  it('stops at once with a clear message on invalid configuration', async () => {
    const child = spawn(process.execPath, [path.join(OUT, 'main.js')], { cwd: ROOT, env: { ...process.env, ...env, PORT: 'tres mil', EVENT_STORE: 'mongo' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT must be a whole number');
    expect(stderr).toContain('EVENT_STORE must be one of postgres, eventstoredb');
  });

  // Every public address is built on these (PUBLIC_BASE_URL + /v1, /checkout/..., /docs): a query or a password in
  // them ended up inside each one, "http://pagos.example.co/?x=1/checkout/...", and in the banner.
  it('refuses base URLs with a query, a fragment or a user:password@, naming each', async () => {
    const bases = { PUBLIC_BASE_URL: 'https://pagos.example.co/?utm=1', SANDBOX_PUBLIC_URL: 'https://u:secreto@sandbox.example.co', PROVIDER_URL: 'http://127.0.0.1:3002#x' };
    const child = spawn(process.execPath, [path.join(OUT, 'main.js')], { cwd: ROOT, env: { ...process.env, ...env, ...bases } });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    for (const name of Object.keys(bases)) {
      expect(stderr).toContain(`${name} must be a base URL (scheme, host, port and path): no user:password@, ?query or #fragment`);
    }
    expect(stderr).not.toContain('secreto');
  });
});
