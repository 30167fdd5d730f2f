// Where API keys are kept: a SHA-256 hash and the last four characters, never the key.
import type { MerchantRole } from '../../../kernel/principal.js';
import type { ApiKeyState } from '../../domain/api-key.js';

export const API_KEYS = Symbol('ApiKeys');

export interface NewApiKey {
  id: string;
  merchantId: string;
  hash: Buffer;
  lastFour: string;
  role: MerchantRole;
  createdAt: Date;
}

export interface StoredApiKey extends ApiKeyState {
  id: string;
  merchantId: string;
  hash: Buffer;
  role: MerchantRole;
}

export interface ApiKeys {
  add(key: NewApiKey): Promise<void>;
  findByHash(hash: Buffer): Promise<StoredApiKey | null>;
  find(keyId: string): Promise<StoredApiKey | null>;
  /** The last four characters of the merchant's keys among `keyIds`, by id; another merchant's are left out. */
  lastFours(merchantId: string, keyIds: string[]): Promise<Record<string, string>>;
  /**
   * In one transaction: adds `replacement` and sets the old key to stop at `oldStopsAt`, only if the old key is
   * still active at `now` and was not rotated before (false otherwise, and nothing is written).
   */
  rotate(oldKeyId: string, replacement: NewApiKey, oldStopsAt: Date, now: Date): Promise<boolean>;
  /** Stops the key at `at` (an earlier stop stays); false when there is no such key. */
  revoke(keyId: string, at: Date): Promise<boolean>;
}
