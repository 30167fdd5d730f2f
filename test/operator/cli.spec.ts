// bin/pasarela-ops.js, spawned as an operator runs it, against a real gateway.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { freePort } from '../support/ports.js';
import { acceptInvitation } from '../portal/portal-client.js';
import { CLI, pasarelaOps, runCli } from '../support/cli.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});

afterAll(async () => {
  await gw?.close();
});

const cli = (args: string[], env: Record<string, string | undefined> = {}) => runCli(args, { env });

/** Exactly one line on stderr, starting with the CLI's name: what an operator reads after a failure. */
const ONE_LINE = /^pasarela-ops: [^\n]+\n$/;

const ops = (args: string[]) => pasarelaOps(gw, args);
const json = async (args: string[]) => {
  const run = await ops(['--json', ...args]);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
};

describe('pasarela-ops', () => {
  it('prints its help and exits 0', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['merchants create', 'merchants approve', 'keys issue', 'keys rotate', 'keys revoke', 'charges events', 'charges settlement', 'webhooks roll-secret', 'people list', 'people invite', 'people reset-password']) {
      expect(run.stdout).toContain(command);
    }
  });

  it('onboards a merchant end to end with --json', async () => {
    const merchant = await json(['merchants', 'create', 'Café', 'del', 'Parque']);
    expect(merchant).toEqual({ id: expect.any(String), nombre: 'Café del Parque', aprobado: false });
    expect(await json(['merchants', 'approve', merchant.id])).toMatchObject({ id: merchant.id, aprobado: true });

    const key = await json(['keys', 'issue', merchant.id, '--role', 'lectura']);
    expect(key).toEqual({ id: expect.any(String), key: expect.stringMatching(/^svcpk_/), rol: 'lectura' });
    expect((await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: key.key })).body.id).toBe(merchant.id);

    const rotated = await json(['keys', 'rotate', key.id, '--grace', '30']);
    expect(rotated).toEqual({ id: expect.any(String), key: expect.stringMatching(/^svcpk_/) });
    expect((await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: key.key })).status).toBe(200);

    expect(await json(['keys', 'revoke', key.id])).toEqual({ id: key.id, revocada: true });
    expect((await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: key.key })).status).toBe(401);
    expect((await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: rotated.key })).status).toBe(200);
  });

  it('prints readable lines without --json, the key shown once', async () => {
    const created = await ops(['merchants', 'create', 'Panadería']);
    expect(created.code).toBe(0);
    const id = /Merchant created: ([0-9a-f-]{36})/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();
    const issued = await ops(['keys', 'issue', id as string]);
    expect(issued.code).toBe(0);
    expect(issued.stdout).toMatch(/rol administrador/);
    expect(issued.stdout).toMatch(/^\s+svcpk_[0-9A-Za-z]{43}$/m);
  });

  it("shows a charge's events as a table", async () => {
    const { merchantId, apiKey } = await onboardMerchant(gw);
    const charge = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: apiKey,
      headers: { 'idempotency-key': 'cli-1' },
      body: { merchantId, monto: 1000, moneda: 'COP', referencia: 'CLI-1' },
    });
    expect(charge.status).toBe(201);
    const run = await ops(['charges', 'events', charge.body.id]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Charge ${charge.body.id}`);
    expect(run.stdout).toMatch(/^REV\s+TIPO\s+OCURRIDO\s+ACTOR\s+CAUSA\s+CORRELACION/m);
    expect(run.stdout).toMatch(/^0\s+ChargeCreated\s+\S+Z\s+merchant-key:\S+\s+[0-9a-f-]{36}\s+[0-9a-f-]{36}/m);
  });

  it("invites a merchant's first administrator to the portal; the link it prints signs that person in", async () => {
    const { merchantId } = await onboardMerchant(gw);
    const run = await ops(['people', 'invite', merchantId, 'Duena@Tienda.co', 'Rosa', 'María', 'Díaz']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Rosa María Díaz <duena@tienda.co> (rol administrador');
    const link = /^\s+(http:\/\/\S+\/portal\/invitacion\/[A-Za-z0-9_-]{43})$/m.exec(run.stdout)?.[1];
    expect(link).toBeDefined();
    const portal = await acceptInvitation(gw, new URL(link!).pathname);
    expect((await portal.get('/portal/configuracion/personas')).text).toContain('Rosa María Díaz');

    const other = await onboardMerchant(gw);
    const invited = await json(['people', 'invite', other.merchantId, 'caja@tienda.co', 'Caja']);
    expect(invited).toMatchObject({ email: 'caja@tienda.co', nombre: 'Caja', rol: 'administrador', estado: 'invitada', invitacion: { url: expect.any(String) } });
    const people = await http('GET', `${gw.publicUrl}/v1/personas`, { token: other.apiKey });
    expect(people.body).toEqual([expect.objectContaining({ id: invited.id, rol: 'administrador', estado: 'invitada' })]);

    expect(await ops(['people', 'invite', merchantId, 'sin-nombre@tienda.co'])).toMatchObject({ code: 2, stderr: expect.stringMatching(ONE_LINE) });
    expect(await ops(['people', 'invite', 'tienda', 'a@tienda.co', 'A'])).toMatchObject({ code: 2, stderr: expect.stringContaining('merchantId must be a UUID') });
    expect(await ops(['people', 'invite', merchantId, 'no-es-correo', 'A'])).toMatchObject({ code: 1, stderr: 'pasarela-ops: email must be an email address (HTTP 400)\n' });
    expect(await ops(['people', 'invite', randomUUID(), 'a@tienda.co', 'A'])).toMatchObject({ code: 1, stderr: 'pasarela-ops: Merchant not found (HTTP 404, not_found)\n' });
  });

  it("lists a merchant's people: who is administrador, who never accepted; --json is the API's answer; never another merchant's", async () => {
    const shop = await onboardMerchant(gw);
    const other = await onboardMerchant(gw);
    const empty = await ops(['people', 'list', shop.merchantId]);
    expect(empty).toMatchObject({ code: 0, stderr: '' });
    expect(empty.stdout).toContain(`has no one with portal access yet.\nInvite its first administrator: pasarela-ops people invite ${shop.merchantId} <email> <nombre>`);

    const invitation = await json(['people', 'invite', shop.merchantId, 'dueno@tienda.co', 'Jorge', 'Díaz']);
    await acceptInvitation(gw, new URL(invitation.invitacion.url).pathname);
    const lost = await http('POST', `${gw.publicUrl}/v1/personas`, { token: shop.apiKey, body: { email: 'caja@tienda.co', nombre: 'Caja Uno', rol: 'lectura' } });
    await json(['people', 'invite', other.merchantId, 'ajena@otra.co', 'Ajena']);

    const run = await ops(['people', 'list', shop.merchantId]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^PERSONA\s+EMAIL\s+NOMBRE\s+ROL\s+ESTADO\s+INVITADA\s+ACTIVADA$/);
    expect(lines[1]).toMatch(new RegExp(`^${invitation.id}\\s+dueno@tienda\\.co\\s+Jorge Díaz\\s+administrador\\s+activa\\s+\\S+Z\\s+\\S+Z$`));
    expect(lines[2]).toMatch(new RegExp(`^${lost.body.id}\\s+caja@tienda\\.co\\s+Caja Uno\\s+lectura\\s+invitada\\s+\\S+Z\\s+link valid until \\S+Z$`));
    expect(run.stdout).toContain('An invitation lost or expired');
    expect(run.stdout).not.toContain('ajena@otra.co');

    const listed = await json(['people', 'list', shop.merchantId]);
    expect(listed).toEqual((await http('GET', `${gw.adminUrl}/internal/merchants/${shop.merchantId}/personas`, { token: gw.operatorToken })).body);
    expect(listed.map((p: { email: string; estado: string; activadaEn: string | null }) => [p.email, p.estado, p.activadaEn !== null])).toEqual([
      ['dueno@tienda.co', 'activa', true],
      ['caja@tienda.co', 'invitada', false],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/hash|token|argon2/i);

    expect(await ops(['people', 'list', randomUUID()])).toMatchObject({ code: 1, stdout: '', stderr: 'pasarela-ops: Merchant not found (HTTP 404, not_found)\n' });
    const refused = await ops(['--json', 'people', 'list', randomUUID()]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(await ops(['people', 'list', 'tienda'])).toMatchObject({ code: 2, stderr: expect.stringContaining('merchantId must be a UUID') });
    expect(await ops(['people', 'list'])).toMatchObject({ code: 2, stderr: expect.stringMatching(ONE_LINE) });
  });

  it('issues a password reset link for a portal person', async () => {
    const { merchantId } = await onboardMerchant(gw);
    const invited = await http('POST', `${gw.adminUrl}/internal/merchants/${merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'cli@tienda.co', nombre: 'Cli' },
    });
    const notYet = await ops(['people', 'reset-password', invited.body.id]);
    expect(notYet).toMatchObject({ code: 1, stderr: expect.stringContaining('not accepted the invitation') });
    // The advice is one the operator can follow (there is no operator route to remove a person): invite the same
    // email again, which gives the same person a new link.
    expect(notYet.stderr).toContain('invite the same email again with the same role');
    const again = await http('POST', `${gw.adminUrl}/internal/merchants/${merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'cli@tienda.co', nombre: 'Cli' },
    });
    expect(again.body.id).toBe(invited.body.id);
    await acceptInvitation(gw, new URL(again.body.invitacion.url).pathname);
    const run = await ops(['people', 'reset-password', invited.body.id]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\s+http:\/\/\S+\/portal\/restablecer\/[A-Za-z0-9_-]{43}$/m);
  });

  it('exits 1 with the API message when the API refuses', async () => {
    const missing = await ops(['charges', 'events', randomUUID()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('pasarela-ops: Charge not found (HTTP 404, not_found)\n');

    const invalid = await ops(['merchants', 'create', 'x'.repeat(201)]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('nombre must be 1 to 200 characters long (HTTP 400)');

    const withJson = await ops(['--json', 'keys', 'revoke', randomUUID()]);
    expect(withJson.code).toBe(1);
    expect(JSON.parse(withJson.stdout)).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('exits 1 with a wrong token, naming where that token came from', async () => {
    const run = await cli(['--url', gw.adminUrl, '--token', 'wrong', 'merchants', 'create', 'X']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(ONE_LINE);
    expect(run.stderr).toContain('invalid_operator_token');
    expect(run.stderr).toContain('refused the token from --token');

    const fromEnv = await cli(['--url', gw.adminUrl, 'merchants', 'create', 'X'], { OPERATOR_TOKEN: 'stale-token-of-another-gateway' });
    expect(fromEnv).toMatchObject({ code: 1, stdout: '' });
    expect(fromEnv.stderr).toContain('refused the token from $OPERATOR_TOKEN');

    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-cli-'));
    writeFileSync(path.join(dataDir, 'operator-token'), 'an-old-token\n', { mode: 0o600 });
    const fromFile = await cli(['--url', gw.adminUrl, 'merchants', 'create', 'X'], { DATA_DIR: dataDir });
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain(`refused the token from ${path.join(dataDir, 'operator-token')}`);
  });

  it('takes the token from OPERATOR_TOKEN, else from DATA_DIR/operator-token', async () => {
    expect((await cli(['--url', gw.adminUrl, '--json', 'merchants', 'create', 'Env'], { OPERATOR_TOKEN: gw.operatorToken })).code).toBe(0);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-cli-'));
    writeFileSync(path.join(dataDir, 'operator-token'), `${gw.operatorToken}\n`, { mode: 0o600 });
    const run = await cli(['--url', gw.adminUrl, '--json', 'merchants', 'create', 'Archivo'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).nombre).toBe('Archivo');
  });

  it('takes the URL from ADMIN_PORT', async () => {
    const port = new URL(gw.adminUrl).port;
    const run = await cli(['--json', 'merchants', 'create', 'Puerto'], { ADMIN_PORT: port, OPERATOR_TOKEN: gw.operatorToken });
    expect(run.code).toBe(0);
  });

  it('exits 2 on usage errors: no token, unknown command, missing argument, bad option', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pasarela-cli-'));
    const noToken = await cli(['--url', gw.adminUrl, 'merchants', 'create', 'X'], { DATA_DIR: dataDir });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('no operator token');
    expect((await ops(['merchants', 'delete', 'x'])).code).toBe(2);
    expect((await ops(['merchants', 'approve'])).code).toBe(2);
    expect((await ops(['keys', 'rotate', randomUUID(), '--grace', 'soon'])).code).toBe(2);
    expect((await ops(['--verbose', 'merchants', 'create', 'X'])).code).toBe(2);
    expect((await ops(['replay', '--batch', '0'])).code).toBe(2);
    expect((await ops(['merchants', 'create', 'X', '--role', 'lectura'])).code).toBe(2);
  });

  // Not port 9: fetch refuses it as a "bad port" before connecting, so it never tested a refused connection.
  it('exits 1 when the operator API cannot be reached, saying what to check', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const run = await cli(['--url', url, '--token', 'x'.repeat(30), '--json', 'merchants', 'create', 'X']);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toMatch(ONE_LINE);
    expect(run.stderr).toContain(`cannot reach the operator API at ${url} (connect ECONNREFUSED`);
    expect(run.stderr).toContain('is the gateway running?');

    const notAUrl = await cli(['--url', '127.0.0.1:3001', '--token', 'x'.repeat(30), 'merchants', 'create', 'X']);
    expect(notAUrl).toMatchObject({ code: 2, stdout: '', stderr: 'pasarela-ops: --url 127.0.0.1:3001: not an http(s) URL, e.g. http://127.0.0.1:3001\n' });
  });

  it('refuses malformed arguments itself, in its own words, before any call (exit 2, one line)', async () => {
    const empty = path.join(mkdtempSync(path.join(os.tmpdir(), 'pasarela-cli-')), 'report.csv');
    writeFileSync(empty, '');
    const id = randomUUID();
    const cases: [string[], RegExp][] = [
      [['merchants', 'approve', 'not-a-uuid'], /merchantId must be a UUID.*got "not-a-uuid"/],
      [['merchants', 'approve', id, id], /merchants approve takes one argument, <merchantId>; got 2/],
      [['keys', 'issue', id, '--role', 'admin'], /--role must be administrador or lectura/],
      [['keys', 'rotate', id, '--grace', '-5'], /--grace must be a whole number of seconds from 0 to 604800.*got "-5"/],
      [['keys', 'rotate', id, '--grace', '604801'], /--grace must be a whole number of seconds from 0 to 604800/],
      [['replay', '--batch', '5'], /--batch must be a whole number of events from 10 to 10000/],
      [['charges', 'provider-report', '2026-02-30'], /YYYY-MM-DD.*got "2026-02-30"/],
      [['charges', 'reconcile', empty], /report.csv is empty/],
      [['--verbose', 'merchants', 'create', 'X'], /^pasarela-ops: unknown option --verbose; see pasarela-ops --help$/],
      [['keys', 'issue', id, '--role'], /--role needs a value/],
      [['keys', 'list'], /unknown command "keys list"; keys takes issue, rotate, revoke/],
      [[], /no command given; see pasarela-ops --help/],
      [['toString'], /unknown command "toString"/], // once an inherited method of the command table, run with exit 0
    ];
    for (const [args, message] of cases) {
      const run = await ops(['--json', ...args]);
      expect({ args, ...run }).toMatchObject({ args, code: 2, stdout: '', stderr: expect.stringMatching(ONE_LINE) });
      expect({ args, stderr: run.stderr.trimEnd() }).toEqual({ args, stderr: expect.stringMatching(message) });
    }
  });

  it('shows the help of one command or group with --help after it', async () => {
    const rotate = await cli(['keys', 'rotate', '--help']);
    expect(rotate).toMatchObject({ code: 0, stderr: '' });
    expect(rotate.stdout).toMatch(/^Usage: pasarela-ops \[options\] keys rotate <keyId>\n/);
    expect(rotate.stdout).toContain('--grace <seconds>');
    expect(rotate.stdout).not.toContain('keys issue');

    const keys = await cli(['keys', '-h']);
    expect(keys.code).toBe(0);
    for (const command of ['keys issue <merchantId>', 'keys rotate <keyId>', 'keys revoke <keyId>']) expect(keys.stdout).toContain(command);
    expect(keys.stdout).not.toContain('merchants create');
  });

  it("starts every command's own --help with a usage line of just the command and its arguments", async () => {
    const help = (await cli(['--help'])).stdout;
    const commands = [...help.matchAll(/^ {2}([a-z]+(?: [a-z-]+)?)((?: <[^>]+>)*)(?= |$)/gm)].map((m) => [m[1]!, `${m[1]}${m[2]}`] as const);
    expect(commands.map(([name]) => name)).toContain('webhooks deliveries');
    for (const [name, usage] of commands) {
      const run = await cli([...name.split(' '), '--help']);
      expect([name, run.code, run.stdout.split('\n')[0]]).toEqual([name, 0, `Usage: pasarela-ops [options] ${usage}`]);
    }
  });

  it("points every command's own --help at each option every command takes, --timeout included", async () => {
    const help = (await cli(['--help'])).stdout;
    const common = [...help.split('\nOptions:\n')[1]!.matchAll(/^ {2}(--[a-z]+)/gm)].map((m) => m[1]);
    expect(common).toEqual(['--url', '--token', '--timeout', '--json']);
    const reconcile = await cli(['charges', 'reconcile', '--help']);
    expect(reconcile.code).toBe(0);
    expect(reconcile.stdout.trimEnd().split('\n').pop()).toBe(`Options ${common.join(', ')}: see pasarela-ops --help`);
  });

  describe('against a server that is not a healthy operator API', () => {
    let server: Server;
    let url: string;

    beforeAll(async () => {
      // A gateway whose database is down (503 JSON with Retry-After), a proxy's HTML error page, a 200 that is not JSON.
      server = createServer((request, response) => {
        if (request.url === '/internal/merchants') {
          response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
          response.end(JSON.stringify({ statusCode: 503, message: 'The payment gateway is unavailable for a moment', error: 'Service Unavailable', code: 'gateway_unavailable' }));
        } else if (request.url === '/internal/webhook-secrets/resellado') {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>');
        } else {
          response.writeHead(503, { 'content-type': 'text/html' }).end('<html><h1>503 Service Temporarily Unavailable</h1></html>');
        }
      });
      const port = await freePort();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${port}`;
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const at = (args: string[]) => cli(['--url', url, '--token', gw.operatorToken, ...args]);

    it("says when to retry a 503, from its Retry-After", async () => {
      const run = await at(['merchants', 'create', 'X']);
      expect(run).toMatchObject({ code: 1, stderr: 'pasarela-ops: The payment gateway is unavailable for a moment (HTTP 503, gateway_unavailable); retry in 5 s\n' });
      expect(JSON.parse((await at(['--json', 'merchants', 'create', 'X'])).stdout)).toMatchObject({ code: 'gateway_unavailable' });
    });

    it('names an answer that is not the operator API\'s, printing no body on stdout', async () => {
      const page = await at(['--json', 'charges', 'rebuild']);
      expect(page).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(ONE_LINE) });
      expect(page.stderr).toContain(`${url} answered HTTP 503 Service Unavailable, not a JSON error of the operator API; retry later`);

      const notJson = await at(['webhooks', 'reseal']);
      expect(notJson).toMatchObject({ code: 1, stdout: '' });
      expect(notJson.stderr).toContain(`${url} answered HTTP 200 without JSON: is it the operator API (ADMIN_PORT`);
    });

    it("points to ADMIN_PORT when the URL is the gateway's public port", async () => {
      const run = await cli(['--url', gw.publicUrl, '--token', gw.operatorToken, 'charges', 'events', randomUUID()]);
      expect(run).toMatchObject({ code: 1, stderr: expect.stringMatching(ONE_LINE) });
      expect(run.stderr).toContain(`${gw.publicUrl} has no such route (HTTP 404, not_found): is it the operator API (ADMIN_PORT`);
    });
  });

  describe('when the gateway does not answer in time', () => {
    let proxy: Server;
    let url: string;
    const forwarded: { method: string; url: string; status: number; body: string }[] = [];

    beforeAll(async () => {
      // Passes each request on to the gateway, which does the work and answers, and keeps that answer: a gateway busy
      // past the CLI's wait, as under a load or a long lock, whose operation still completes.
      proxy = createServer((request, _response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', async () => {
          const body = Buffer.concat(chunks);
          const answer = await fetch(`${gw.adminUrl}${request.url}`, {
            method: request.method,
            headers: { authorization: String(request.headers.authorization), 'content-type': 'application/json' },
            body: body.length > 0 ? body : undefined,
          });
          forwarded.push({ method: String(request.method), url: String(request.url), status: answer.status, body: await answer.text() });
        });
      });
      const port = await freePort();
      await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${port}`;
    });

    afterAll(() => {
      proxy.closeAllConnections();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    });

    const slow = (args: string[]) => cli(['--url', url, '--token', gw.operatorToken, '--timeout', '1', ...args]);

    it('says it did not answer in time and the operation may still complete, not that the gateway is not running', async () => {
      const nombre = `Tienda lenta ${randomUUID()}`;
      const run = await slow(['--json', 'merchants', 'create', nombre]);
      expect(run).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(ONE_LINE) });
      expect(run.stderr).toContain(`the operator API at ${url} did not answer within 1 s (--timeout): the gateway may still be working on it, and the operation may still complete`);
      expect(run.stderr).toContain('running it again may create a second merchant of that name');
      expect(run.stderr).not.toContain('is the gateway running');
      expect(run.stderr).not.toContain('running it again is safe');
      // The gateway did create it.
      for (let i = 0; i < 100 && !forwarded.some((f) => f.body.includes(nombre)); i++) await new Promise((r) => setTimeout(r, 50));
      expect(forwarded.find((f) => f.body.includes(nombre))).toMatchObject({ method: 'POST', url: '/internal/merchants', status: 201 });
    });

    it('says running it again is safe only for a command where it is', async () => {
      const refund = await slow(['charges', 'refund', randomUUID()]);
      expect(refund).toMatchObject({ code: 1, stderr: expect.stringMatching(ONE_LINE) });
      expect(refund.stderr).toContain('did not answer within 1 s');
      expect(refund.stderr).toContain('running it again is safe (a second refund changes nothing)');

      const issue = await slow(['keys', 'issue', randomUUID()]);
      expect(issue.stderr).toContain('running it again issues a second key');
      expect(issue.stderr).not.toContain('is safe');
    });

    it('takes --timeout in whole seconds from 1 to 3600', async () => {
      for (const value of ['0', '3601', '1.5', 'soon', '']) {
        const run = await cli(['--url', url, '--token', gw.operatorToken, '--timeout', value, 'merchants', 'create', 'X']);
        expect(run).toMatchObject({ code: 2, stdout: '', stderr: `pasarela-ops: --timeout must be a whole number of seconds from 1 to 3600; got "${value}"\n` });
      }
    });
  });

  it('stops quietly when its reader goes away (| head, a pager closed early)', async () => {
    const child = spawn(process.execPath, [CLI, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });

  it("lists in the README's operator section every command of --help, and no other", async () => {
    const help = (await cli(['--help'])).stdout;
    const inHelp = [...help.matchAll(/^ {2}([a-z]+(?: [a-z-]+)?)(?= <| {2,}|$)/gm)].map((m) => m[1]);
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## The operator'), readme.indexOf('## Configuration'));
    const inReadme = [...section.matchAll(/^npx pasarela-ops ([a-z]+(?: [a-z-]+)?)/gm)].map((m) => m[1]);
    expect(new Set(inReadme)).toEqual(new Set(inHelp));
    for (const option of ['--url', '--token', '--json']) expect(section).toContain(option);
  });
});
