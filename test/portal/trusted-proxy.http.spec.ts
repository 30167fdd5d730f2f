// TRUST_PROXY: behind a proxy the client's address comes from X-Forwarded-For, and only from proxies named in it;
// it is what portal sessions show and what sign-in throttling counts.
import { ConfigError, loadConfig } from '../../src/kernel/config.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

/** Accepts an invitation as a browser behind a proxy that sends `X-Forwarded-For`; the new session's address. */
async function sessionAddressBehind(gw: TestGateway, forwardedFor: string): Promise<string> {
  const shop = await onboardMerchant(gw, {});
  const invitation = await operatorInvites(gw, shop.merchantId, 'detras-del-proxy@x.co');
  const headers = { 'x-forwarded-for': forwardedFor };
  const form = await fetch(`${gw.publicUrl}${invitation}`, { headers });
  const cookie = form.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const accepted = await fetch(`${gw.publicUrl}${invitation}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...headers, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, password: STRONG_PASSWORD, confirmacion: STRONG_PASSWORD }).toString(),
  });
  expect(accepted.status).toBe(303);
  const rows: Array<{ ip: string }> = await gw.infra.dataSource.query(
    'SELECT s.ip FROM portal_sesiones s JOIN personas p ON p.id = s.persona_id WHERE p.merchant_id = $1',
    [shop.merchantId],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.ip;
}

describe('TRUST_PROXY', () => {
  let gw: TestGateway | undefined;
  afterEach(async () => {
    await gw?.close();
    gw = undefined;
  });

  it('by default ignores X-Forwarded-For: the peer is the client, whatever a client claims', async () => {
    gw = await startTestGateway();
    expect(await sessionAddressBehind(gw, '203.0.113.7')).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });

  it('names the client from X-Forwarded-For when the peer is a trusted proxy', async () => {
    gw = await startTestGateway({ trustProxy: '127.0.0.1,::1,::ffff:127.0.0.1' });
    expect(await sessionAddressBehind(gw, '203.0.113.7')).toBe('203.0.113.7');
  });

  it('trusts only as many hops as it is told', async () => {
    gw = await startTestGateway({ trustProxy: 1 });
    // The client forged the first entry; the one proxy appended what it saw: only the last hop is believed.
    expect(await sessionAddressBehind(gw, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes a hop count or addresses and ranges, and refuses "true"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' }).trustProxy).toBe('10.0.0.0/8,192.168.1.10');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY/);
  });
});
