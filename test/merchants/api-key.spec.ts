import { randomBytes } from 'node:crypto';
import {
  canRotate,
  encodeApiKey,
  endOfGrace,
  hashApiKey,
  isActive,
  isWellFormedApiKey,
  lastFour,
} from '../../src/merchants/domain/api-key.js';

describe('API key material', () => {
  it('is svcpk_ and 43 base62 characters', () => {
    const key = encodeApiKey(randomBytes(32));
    expect(key).toMatch(/^svcpk_[0-9A-Za-z]{43}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('keeps all 256 bits: the extremes encode to distinct, well-formed keys', () => {
    const zero = encodeApiKey(new Uint8Array(32));
    const max = encodeApiKey(new Uint8Array(32).fill(255));
    expect(zero).toBe(`svcpk_${'0'.repeat(43)}`);
    expect(max).toMatch(/^svcpk_[0-9A-Za-z]{43}$/);
    expect(max).not.toBe(zero);
  });

  it('differs for random bytes that differ in one bit', () => {
    const bytes = randomBytes(32);
    const flipped = Buffer.from(bytes);
    flipped[31] = (flipped[31] ?? 0) ^ 1;
    expect(encodeApiKey(flipped)).not.toBe(encodeApiKey(bytes));
  });

  it('refuses anything but 32 random bytes', () => {
    expect(() => encodeApiKey(randomBytes(16))).toThrow();
  });

  it.each([
    ['svcpk_short'],
    [`svcpk_${'a'.repeat(42)}-`],
    [`SVCPK_${'a'.repeat(43)}`],
    [`svcpk_${'a'.repeat(44)}`],
    [`sk_${'a'.repeat(43)}`],
  ])('rejects the malformed %s', (candidate) => {
    expect(isWellFormedApiKey(candidate)).toBe(false);
  });

  it('hashes with SHA-256 and keeps the last four characters', () => {
    const key = encodeApiKey(randomBytes(32));
    expect(hashApiKey(key)).toHaveLength(32);
    expect(hashApiKey(key).equals(hashApiKey(key))).toBe(true);
    expect(lastFour(key)).toBe(key.slice(-4));
  });
});

describe('API key lifetime', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  it('works until its stop time, not at it', () => {
    const key = { revokedAt: later(60), replacedBy: null };
    expect(isActive(key, later(59))).toBe(true);
    expect(isActive(key, later(60))).toBe(false);
    expect(isActive({ revokedAt: null, replacedBy: null }, later(1e6))).toBe(true);
  });

  it('stops at once with no grace, after it with one', () => {
    expect(endOfGrace(now, 0)).toEqual(now);
    expect(endOfGrace(now, 90)).toEqual(later(90));
  });

  it('rotates only a working key that was not rotated before', () => {
    expect(canRotate({ revokedAt: null, replacedBy: null }, now)).toBe(true);
    expect(canRotate({ revokedAt: later(60), replacedBy: 'other' }, now)).toBe(false);
    expect(canRotate({ revokedAt: now, replacedBy: null }, now)).toBe(false);
  });
});
