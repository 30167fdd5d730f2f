// bin/pasarela-ops.js, spawned as an operator runs it, against a real gateway.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { acceptInvitation } from '../portal/portal-client.js';

const CLI = path.resolve('bin/pasarela-ops.js');

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway();
});

afterAll(async () => {
  await gw?.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous on purpose: the gateway answering the CLI runs in this very process. */
function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  const { OPERATOR_TOKEN: _, DATA_DIR: __, ...base } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...base, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const ops = (args: string[]) => cli(['--url', gw.adminUrl, '--token', gw.operatorToken, ...args]);
const json = async (args: string[]) => {
  const run = await ops(['--json', ...args]);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return JSON.parse(run.stdout);
};

describe('pasarela-ops', () => {
  it('prints its help and exits 0', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    for (const command of ['merchants create', 'merchants approve', 'keys issue', 'keys rotate', 'keys revoke', 'charges events', 'webhooks roll-secret', 'people reset-password']) {
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

  it('issues a password reset link for a portal person', async () => {
    const { merchantId } = await onboardMerchant(gw);
    const invited = await http('POST', `${gw.adminUrl}/internal/merchants/${merchantId}/personas`, {
      token: gw.operatorToken,
      body: { email: 'cli@tienda.co', nombre: 'Cli' },
    });
    const notYet = await ops(['people', 'reset-password', invited.body.id]);
    expect(notYet).toMatchObject({ code: 1, stderr: expect.stringContaining('not accepted the invitation') });
    await acceptInvitation(gw, new URL(invited.body.invitacion.url).pathname);
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

  it('exits 1 with a wrong token', async () => {
    const run = await cli(['--url', gw.adminUrl, '--token', 'wrong', 'merchants', 'create', 'X']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('invalid_operator_token');
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

  it('exits 1 when the operator API cannot be reached', async () => {
    const run = await cli(['--url', 'http://127.0.0.1:9', '--token', 'x'.repeat(30), 'merchants', 'create', 'X']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot reach the operator API');
  });
});
