// The environment of a gateway started as a real process (test/support/gateway-process.ts) in the production shape:
// DATABASE_URL with the secrets it then requires, fresh loopback ports, and a bounded lifetime.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.js';

export const GATEWAY_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gateway-process.ts');

export interface GatewayProcessEnv {
  env: NodeJS.ProcessEnv;
  publicUrl: string;
  adminUrl: string;
}

export async function gatewayProcessEnv(databaseUrl: string, operatorToken: string, extra: NodeJS.ProcessEnv = {}): Promise<GatewayProcessEnv> {
  const [port, adminPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
  return {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      OPERATOR_TOKEN: operatorToken,
      PROVIDER_SECRET: randomBytes(32).toString('base64url'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      GATEWAY_MAX_LIFETIME_MS: '100000',
      ...extra,
    },
    publicUrl: `http://127.0.0.1:${port}`,
    adminUrl: `http://127.0.0.1:${adminPort}`,
  };
}
