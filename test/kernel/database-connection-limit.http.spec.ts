// A PostgreSQL that refuses new connections for want of slots (SQLSTATE 53300: max_connections or the role's limit
// reached, e.g. a deploy running old and new gateways side by side) cannot serve for a moment: 503 with Retry-After,
// never a 500 with a stack trace. Once slots are free again, requests are served, with no gateway restart.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { http, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

describe('a PostgreSQL with no connection slot left for the gateway', () => {
  const logger = capturingLogger();
  const name = `t_limit_${randomBytes(4).toString('hex')}`;
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  /** Runs statements as the server's administrator (the run's PostgreSQL), on a connection of its own. */
  const admin = async (...statements: string[]): Promise<void> => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // A role of its own (superusers are exempt from connection limits) owning a database of its own.
    await admin(`CREATE ROLE ${name} LOGIN PASSWORD '${name}'`, `CREATE DATABASE ${name} OWNER ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    [url.username, url.password, url.pathname] = [name, name, `/${name}`];
    gw = await startTestGatewayOn(url.toString(), {}, undefined, logger);
    merchant = await onboardMerchant(gw);
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `DROP ROLE IF EXISTS ${name}`);
  });

  const list = () => http('GET', `${gw.publicUrl}/v1/pagos`, { token: merchant.apiKey });

  test('requests answer 503 while no connection can be opened, and are served once one can', async () => {
    // No new connection for the role; the pool's open ones are ended, so every request must open one.
    await admin(
      `ALTER ROLE ${name} CONNECTION LIMIT 0`,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${name}' AND application_name = 'pasarela'`,
    );
    for (let i = 0; i < 3; i++) {
      const answer = await list();
      expect([answer.status, answer.headers.get('retry-after'), answer.body]).toEqual([
        503,
        '5',
        { statusCode: 503, message: expect.any(String), error: 'Service Unavailable', code: 'gateway_unavailable' },
      ]);
    }
    expect(logger.lines.filter((line) => /answered 500|^\w+ \[[^\]]*\] +at /.test(line))).toEqual([]);

    await admin(`ALTER ROLE ${name} CONNECTION LIMIT -1`);
    expect((await waitUntil(list, (answer) => answer.status !== 503, 15_000)).status).toBe(200);
  }, 60_000);
});
