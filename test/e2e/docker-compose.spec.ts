// docker-compose.yml as Docker Compose reads it (no Docker engine here): strict YAML with merge keys, `${VAR:?msg}`
// and `${VAR:-default}` interpolated, each gateway service's environment then loaded by the gateway's own config.
// Before, the file was not YAML at all: an unquoted `${...: ...}` value ("keep it: it seals") is a nested mapping.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadConfig } from '../../src/kernel/config.js';

interface Service {
  environment: Record<string, string | number>;
  ports?: string[];
  networks: string[];
  healthcheck: { test: string[] };
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true, strict: true, prettyErrors: true }) as {
  services: Record<string, Service>;
};

/** Compose's interpolation with the deployment's .env: required variables given, defaults taken. */
function interpolated(environment: Service['environment']): Record<string, string> {
  const given: Record<string, string> = {
    OPERATOR_TOKEN: 'o'.repeat(32),
    WEBHOOK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    PROVIDER_SECRET: 'p'.repeat(32),
  };
  return Object.fromEntries(
    Object.entries(environment).map(([name, value]) => [
      name,
      String(value).replace(/\$\{(\w+)(?::\?[^}]*|:-([^}]*))?\}/g, (_, variable: string, fallback?: string) => {
        const found = given[variable] ?? fallback;
        if (found === undefined) throw new Error(`${name}: ${variable} is required`);
        return found;
      }),
    ]),
  );
}

describe('docker-compose.yml', () => {
  const { app, worker } = compose.services as { app: Service; worker: Service };

  it('runs the api role, published, and the worker role, not published, on the same stores and secrets', () => {
    const api = loadConfig(interpolated(app.environment));
    const work = loadConfig(interpolated(worker.environment));
    expect(api.role).toBe('api');
    expect(work.role).toBe('worker');
    for (const key of ['databaseUrl', 'eventStore', 'eventStoreUrl', 'operatorToken', 'providerSecret', 'providerUrl', 'sandboxNoticeUrl', 'publicBaseUrl'] as const) {
      expect(work[key]).toEqual(api[key]);
    }
    expect(work.webhookSecretKey).toEqual(api.webhookSecretKey);
    expect(app.ports).toEqual(['3000:3000', '3002:3002']);
    expect(worker.ports).toBeUndefined();
    expect(worker.networks).toEqual(['internal']);
  });

  it("points every process at one provider, the app's sandbox, which sends its notices to the app", () => {
    const api = loadConfig(interpolated(app.environment));
    expect(api.providerUrl).toBe(`http://app:${api.sandboxPort}`);
    expect(api.sandboxNoticeUrl).toBe(`http://app:${api.port}/provider/notices`);
  });

  it("checks each service's health where that role answers it: the app on PORT, the worker on ADMIN_PORT", () => {
    const api = loadConfig(interpolated(app.environment));
    const work = loadConfig(interpolated(worker.environment));
    expect(app.healthcheck.test.join(' ')).toContain(`http://127.0.0.1:${api.port}/health`);
    expect(worker.healthcheck.test.join(' ')).toContain(`http://127.0.0.1:${work.adminPort}/health`);
    expect(work.adminHost).toBe('127.0.0.1');
  });
});
