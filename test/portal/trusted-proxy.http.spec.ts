// TRUST_PROXY: behind a proxy the client's address comes from X-Forwarded-For, and only from proxies named in it;
// it is what portal sessions show and what sign-in throttling counts.
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../../src/kernel/config.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';
import { csrfOf, operatorInvites, PortalClient, STRONG_PASSWORD } from './portal-client.js';

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

  it('trusting more hops than there are proxies: a forged entry that is no address is a wrong sign-in, not a 500', async () => {
    gw = await startTestGateway({ trustProxy: 2 });
    // No proxy in front: the client's own first entry is believed as its address; 3000 bytes of it passed PostgreSQL's
    // index limit as the throttle's key.
    const client = new PortalClient(gw.publicUrl);
    const csrf = csrfOf((await client.get('/portal/ingresar')).text);
    const forged = `${randomBytes(2400).toString('base64')}, 203.0.113.7`; // random: PostgreSQL would compress a repeat
    const answer = await client.post('/portal/ingresar', { csrf, email: 'nadie@x.co', password: 'no es la clave' }, { 'x-forwarded-for': forged });
    expect(answer.status).toBe(401);
  });

  it('counts an IPv6 client by its /64: new addresses of one network do not get 30 more tries each', async () => {
    gw = await startTestGateway({ trustProxy: '127.0.0.1,::1,::ffff:127.0.0.1' });
    const base = gw.publicUrl;
    // One wrong password per account (no account waits), each from a new address of 2001:db8:5:7::/64, as a client
    // with one IPv6 network can send them.
    const guessFrom = async (address: string, email: string): Promise<number> => {
      const client = new PortalClient(base);
      const csrf = csrfOf((await client.get('/portal/ingresar')).text);
      const answer = await client.post('/portal/ingresar', { csrf, email, password: 'no es la clave' }, { 'x-forwarded-for': address });
      return answer.status;
    };
    for (let batch = 0; batch < 5; batch += 1) {
      const statuses = await Promise.all(Array.from({ length: 6 }, (_, i) => guessFrom(`2001:db8:5:7:${batch}:${i}::1`, `rociado${batch}-${i}@x.co`)));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    }
    expect(await guessFrom('2001:db8:5:7:ffff:1234:abcd:9', 'otra@x.co')).toBe(429);
    expect(await guessFrom('2001:DB8:5:7::beef', 'otra-mas@x.co')).toBe(429);
    // Another network is another client.
    expect(await guessFrom('2001:db8:5:8::1', 'vecina@x.co')).toBe(401);
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
