// Draws a fresh key; shared by issuing and rotating.
import { randomBytes, randomUUID } from 'node:crypto';
import type { MerchantRole } from '../../../kernel/principal.js';
import { API_KEY_RANDOM_BYTES, encodeApiKey, hashApiKey, lastFour } from '../../domain/api-key.js';
import type { NewApiKey } from '../ports/api-keys.port.js';

export function drawApiKey(merchantId: string, role: MerchantRole, now: Date): { key: string; record: NewApiKey } {
  const key = encodeApiKey(randomBytes(API_KEY_RANDOM_BYTES));
  return {
    key,
    record: { id: randomUUID(), merchantId, hash: hashApiKey(key), lastFour: lastFour(key), role, createdAt: now },
  };
}
