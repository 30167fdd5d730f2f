// The process's one cache of API keys (by hash) and merchant views (by id): every merchant request reads its key and
// every charge creation its merchant, and both rarely change. One per process, shared by all its Nest applications
// (public, operator, worker), so a change made through any of them is forgotten by all at once.
import type { MerchantView } from '../../application/get-merchant/get-merchant.query.js';
import type { StoredApiKey } from '../../application/ports/api-keys.port.js';
import { InvalidatedCache } from './invalidated-cache.js';

export const MERCHANT_CACHE = Symbol('MerchantCache');

/** Where the triggers of migration 0920 announce changes: `key:<hash hex>`, `merchant:<id>`, or `*` (truncated). */
export const MERCHANT_CHANGES_CHANNEL = 'merchant_changes';

const LIMITS = { maxEntries: 10_000, ttlMs: 60_000 };

export class MerchantCache {
  private readonly keys = new InvalidatedCache<StoredApiKey>(LIMITS);
  private readonly views = new InvalidatedCache<MerchantView>(LIMITS);

  get serving(): boolean {
    return this.keys.serving;
  }

  key(hash: Buffer, load: () => Promise<StoredApiKey | null>): Promise<StoredApiKey | null> {
    return this.keys.read(hash.toString('hex'), load);
  }

  view(merchantId: string, load: () => Promise<MerchantView | null>): Promise<MerchantView | null> {
    return this.views.read(merchantId.toLowerCase(), load);
  }

  forgetKey(hash: Buffer): void {
    this.keys.invalidate(hash.toString('hex'));
  }

  forgetMerchant(merchantId: string): void {
    this.views.invalidate(merchantId.toLowerCase());
  }

  /** A notice from another process (or an operator's psql) through MERCHANT_CHANGES_CHANNEL. */
  apply(notice: string): void {
    const [, kind, id] = /^(key|merchant):(.+)$/.exec(notice) ?? [];
    if (kind === 'key' && id) this.keys.invalidate(id);
    else if (kind === 'merchant' && id) this.views.invalidate(id);
    else {
      // `*`, or a notice this version does not know: forgetting everything is always safe.
      this.keys.invalidateAll();
      this.views.invalidateAll();
    }
  }

  suspend(): void {
    this.keys.suspend();
    this.views.suspend();
  }

  resume(): void {
    this.keys.resume();
    this.views.resume();
  }
}
