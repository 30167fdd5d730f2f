// Merchant API keys (DESIGN.md 5.7): `svcpk_` + 256 random bits in base62. Only a SHA-256 hash and the last four
// characters are ever stored; a key stops working at its `revokedAt` (at once, or after a rotation's grace period).
import { createHash } from 'node:crypto';
import type { MerchantRole } from '../../kernel/principal.js';

export const API_KEY_PREFIX = 'svcpk_';
export const API_KEY_RANDOM_BYTES = 32;
/** 62^43 > 2^256: 43 base62 digits hold 256 bits. */
const BODY_LENGTH = 43;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const FORMAT = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}$`);

export const API_KEY_ROLES: readonly MerchantRole[] = ['administrador', 'lectura'];
export const DEFAULT_API_KEY_ROLE: MerchantRole = 'administrador';

/** Makes the key from 32 random bytes (the caller draws them), so this stays deterministic. */
export function encodeApiKey(random: Uint8Array): string {
  if (random.length !== API_KEY_RANDOM_BYTES) throw new Error(`An API key needs ${API_KEY_RANDOM_BYTES} random bytes`);
  let n = BigInt(`0x${Buffer.from(random).toString('hex')}`);
  let body = '';
  while (n > 0n) {
    body = BASE62[Number(n % 62n)] + body;
    n /= 62n;
  }
  return API_KEY_PREFIX + body.padStart(BODY_LENGTH, '0');
}

export function isWellFormedApiKey(candidate: string): boolean {
  return FORMAT.test(candidate);
}

export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function lastFour(key: string): string {
  return key.slice(-4);
}

/** The part of a stored key the rules below need. */
export interface ApiKeyState {
  revokedAt: Date | null;
  replacedBy: string | null;
}

export function isActive(key: ApiKeyState, now: Date): boolean {
  return key.revokedAt === null || key.revokedAt.getTime() > now.getTime();
}

/** A key can be rotated once, while it still works. */
export function canRotate(key: ApiKeyState, now: Date): boolean {
  return key.replacedBy === null && isActive(key, now);
}

/** When a rotated key stops working: at once by default, else after the grace period. */
export function endOfGrace(now: Date, graceSeconds: number): Date {
  return new Date(now.getTime() + graceSeconds * 1000);
}
