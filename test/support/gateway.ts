// Starts the real gateway on loopback (ephemeral ports) on a fresh database, as a merchant's server would meet it.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/kernel/config.js';
import { startGateway, type Gateway, type GatewayOptions } from '../../src/gateway.js';
import type { Clock } from '../../src/kernel/clock.js';
import { createTestDatabase } from './database.js';

export const OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

export interface TestGateway extends Gateway {
  databaseUrl: string;
  operatorToken: string;
}

/** `logger` as startTestGatewayOn takes it. */
export async function startTestGateway(overrides: Partial<Config> = {}, clock?: Clock, logger?: GatewayOptions['logger']): Promise<TestGateway> {
  const db = await createTestDatabase();
  const gateway = await startTestGatewayOn(db.url, overrides, clock, logger);
  return {
    ...gateway,
    async close() {
      await gateway.close();
      await db.drop();
    },
  };
}

/**
 * A gateway on a database that outlives it (closing leaves the database), e.g. to restart with another config.
 * `logger` replaces the default (errors printed), e.g. to capture what the gateway logs.
 */
export async function startTestGatewayOn(
  databaseUrl: string,
  overrides: Partial<Config> = {},
  clock?: Clock,
  logger: GatewayOptions['logger'] = ['error'],
): Promise<TestGateway> {
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    adminPort: 0,
    sandboxPort: 0,
    sandboxHost: '127.0.0.1',
    operatorToken: OPERATOR_TOKEN,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'pasarela-data-')),
    ...overrides,
  };
  const gateway = await startGateway({ config, databaseUrl, clock, logger });
  return { ...gateway, databaseUrl, operatorToken: config.operatorToken ?? OPERATOR_TOKEN };
}

export interface HttpAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** One HTTP request through the real server; JSON in, JSON (or text) out. */
export async function http<T = any>(
  method: string,
  url: string,
  options: { token?: string; headers?: Record<string, string>; body?: unknown; rawBody?: string | Uint8Array } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/**
 * Reads until `done` holds, or fails after `timeoutMs`. For read models (the charges list, the portal's pages): they
 * follow the 201 by a moment, and under a full test run longer, as every test database shares one server whose
 * oldest open transaction holds back what projectors may read.
 */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
