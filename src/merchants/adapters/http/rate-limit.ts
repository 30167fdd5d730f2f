// Per-key rate limit (DESIGN.md 5.9): a token bucket per API key in this process, `rate` tokens a second up to a
// burst of twice that. With N API instances a key gets up to N times the rate; that is accepted for now.
import { DomainError } from '../../../kernel/errors.js';

export class RateLimited extends DomainError {
  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'rate_limited', 'Too many requests with this API key; slow down', retryAfterSeconds);
  }
}

export interface Quota {
  allowed: boolean;
  /** The burst size: what RateLimit-Remaining counts down from. */
  limit: number;
  remaining: number;
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number;
  /** Whole seconds until one request is allowed again (0 when allowed). */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const SWEEP_EVERY_MS = 60_000;

export class KeyRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private lastSweep: number;

  constructor(
    private readonly ratePerSecond: number,
    /** Milliseconds from a monotonic source; a parameter so tests can drive it. */
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.capacity = ratePerSecond * 2;
    this.lastSweep = nowMs();
  }

  /** How many keys hold a bucket now (idle ones are forgotten). */
  get trackedKeys(): number {
    return this.buckets.size;
  }

  take(key: string): Quota {
    const now = this.nowMs();
    this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = this.refilled(bucket, now);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return {
      allowed,
      limit: this.capacity,
      remaining: Math.floor(bucket.tokens),
      resetSeconds: Math.ceil((this.capacity - bucket.tokens) / this.ratePerSecond),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond)),
    };
  }

  private refilled(bucket: Bucket, now: number): number {
    return Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
  }

  /** Forgets buckets that have filled up again, so idle keys cost no memory. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (this.refilled(bucket, now) >= this.capacity) this.buckets.delete(key);
    }
  }
}
