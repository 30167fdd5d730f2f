import { KeyRateLimiter } from '../../src/merchants/adapters/http/rate-limit.js';

describe('per-key token bucket', () => {
  let now = 0;
  const limiter = () => new KeyRateLimiter(10, () => now);
  beforeEach(() => {
    now = 1_000;
  });

  it('allows a burst of twice the rate, then refuses with the wait for one token', () => {
    const bucket = limiter();
    for (let i = 0; i < 20; i += 1) expect(bucket.take('k').allowed).toBe(true);
    expect(bucket.take('k')).toEqual({ allowed: false, limit: 20, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
  });

  it('refills at the rate', () => {
    const bucket = limiter();
    for (let i = 0; i < 20; i += 1) bucket.take('k');
    now += 100; // one token at 10/s
    expect(bucket.take('k').allowed).toBe(true);
    expect(bucket.take('k').allowed).toBe(false);
  });

  it('counts each key apart', () => {
    const bucket = limiter();
    for (let i = 0; i < 21; i += 1) bucket.take('a');
    expect(bucket.take('b')).toMatchObject({ allowed: true, remaining: 19 });
  });

  it('forgets the keys whose bucket has refilled', () => {
    const bucket = limiter();
    for (let i = 0; i < 21; i += 1) bucket.take('idle');
    now += 59_000;
    bucket.take('busy');
    expect(bucket.trackedKeys).toBe(2);
    now += 1_900;
    bucket.take('busy');
    now += 100;
    bucket.take('busy');
    expect(bucket.trackedKeys).toBe(1);
    expect(bucket.take('idle')).toMatchObject({ allowed: true, remaining: 19 });
  });
});
