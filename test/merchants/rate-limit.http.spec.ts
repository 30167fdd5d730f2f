import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant } from '../support/merchants.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ rateLimitPerKey: 1 });
});

afterAll(async () => {
  await gw?.close();
});

const me = (token: string) => http('GET', `${gw.publicUrl}/v1/merchants/me`, { token });

describe('per-key rate limit (RATE_LIMIT_PER_KEY=1: burst of 2, one more a second)', () => {
  it('answers 429 rate_limited with Retry-After and RateLimit headers once the burst is spent', async () => {
    const { merchantId } = await onboardMerchant(gw, { register: false });
    const { key } = await issueKey(gw, merchantId);
    const first = await me(key);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect((await me(key)).status).toBe(200);
    const limited = await me(key);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ statusCode: 429, message: expect.any(String), error: 'Too Many Requests', code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit-limit')).toBe('2');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  });

  it('limits each key on its own', async () => {
    const { merchantId } = await onboardMerchant(gw, { register: false });
    const busy = await issueKey(gw, merchantId);
    const other = await issueKey(gw, merchantId);
    await Promise.all(Array.from({ length: 3 }, () => me(busy.key)));
    expect((await me(busy.key)).status).toBe(429);
    expect((await me(other.key)).status).toBe(200);
  });

  it('lets the key through again once tokens refill', async () => {
    const { merchantId } = await onboardMerchant(gw, { register: false });
    const { key } = await issueKey(gw, merchantId);
    await Promise.all(Array.from({ length: 3 }, () => me(key)));
    expect((await me(key)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await me(key)).status).toBe(200);
  });

  it('does not limit a request without a valid key (401 first)', async () => {
    const answer = await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: 'svcpk_nope' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
  });
});
