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

  it('requires an OPERATOR_TOKEN outside the embedded default', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db/x' })).toThrow(/OPERATOR_TOKEN must be set/);
  });

  it('refuses two listeners on one port', () => {
    expect(() => loadConfig({ PORT: '4000', ADMIN_PORT: '4000' })).toThrow(/must differ/);
  });
});
