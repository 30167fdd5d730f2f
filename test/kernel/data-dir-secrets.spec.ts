// The files the embedded default keeps in DATA_DIR (operator-token, provider-secret, webhook-secret-key,
// demo-merchant.json): a first start killed between creating one and writing it (or stopped by a full disk) leaves it
// empty. Before, every later start failed: on the empty operator token (the demo seed's call refused, 401), or on the
// demo file's JSON ("Unexpected end of JSON input").
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { exited, outputOf, startChild } from '../support/child-process.js';
import { GATEWAY_PROCESS } from '../support/gateway-process-env.js';
import { runCli } from '../support/cli.js';
import { freePort } from '../support/ports.js';

describe('DATA_DIR secrets left empty by an interrupted first start', () => {
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGTERM');
    if (child) await exited(child);
  });

  it('are made again: the gateway starts, and the operator CLI works with the token it wrote', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'pasarela-secrets-'));
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    for (const name of ['operator-token', 'provider-secret', 'webhook-secret-key', 'demo-merchant.json']) writeFileSync(path.join(dataDir, name), '', { mode: 0o600 });

    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, GATEWAY_MAX_LIFETIME_MS: '60000' };
    for (const name of ['DATABASE_URL', 'OPERATOR_TOKEN', 'PROVIDER_SECRET', 'WEBHOOK_SECRET_KEY', 'WEBHOOK_SECRET_KEY_PREVIOUS']) delete env[name];
    for (const name of ['PORT', 'ADMIN_PORT', 'SANDBOX_PORT', 'EMBEDDED_PG_PORT']) env[name] = String(await freePort());
    child = await startChild(GATEWAY_PROCESS, env, 'Pasarela is running', 40_000);

    const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(24);
    expect(outputOf(child)).toContain(`Operator token (Authorization: Bearer ...): ${token}`);
    expect(readFileSync(path.join(dataDir, 'webhook-secret-key'), 'utf8').trim()).not.toBe('');
    expect(readFileSync(path.join(dataDir, 'provider-secret'), 'utf8').trim()).not.toBe('');
    // The demo merchant's file too: made again, and the banner prints its working key.
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-merchant.json'), 'utf8')) as { apiKey: string };
    expect(outputOf(child)).toContain(`API key     ${demo.apiKey}`);

    // As the operator runs it: the token read from DATA_DIR/operator-token.
    const run = await runCli(['--json', 'merchants', 'create', 'Tienda tras el corte'], { env: { DATA_DIR: dataDir, ADMIN_PORT: env.ADMIN_PORT } });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ nombre: 'Tienda tras el corte' });
  }, 60_000);
});
