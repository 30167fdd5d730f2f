// The notices MerchantCache hears from other processes (migration 0920's triggers): each forgets what it names.
import { randomBytes } from 'node:crypto';
import { MerchantCache } from '../../src/merchants/adapters/cache/merchant-cache.js';
import type { MerchantView } from '../../src/merchants/application/get-merchant/get-merchant.query.js';
import type { StoredApiKey } from '../../src/merchants/application/ports/api-keys.port.js';

const MERCHANT = '0d6f1c2e-4b8a-4a57-9a43-6a1f0b2c3d4e';
const hash = randomBytes(32);
const key = { id: 'k', merchantId: MERCHANT, hash, role: 'administrador', revokedAt: null, replacedBy: null } as StoredApiKey;
const view = { id: MERCHANT } as MerchantView;

/** A serving cache holding one key and one view; `reads()` tells which of them the next reads had to load. */
async function warmCache() {
  const cache = new MerchantCache();
  cache.resume();
  await cache.key(hash, async () => key);
  await cache.view(MERCHANT, async () => view);
  const reads = async () => {
    const loaded: string[] = [];
    await cache.key(hash, async () => (loaded.push('key'), key));
    await cache.view(MERCHANT.toUpperCase(), async () => (loaded.push('view'), view));
    return loaded;
  };
  return { cache, reads };
}

describe('MerchantCache notices', () => {
  it('key:<hash> forgets that key only', async () => {
    const { cache, reads } = await warmCache();
    cache.apply(`key:${hash.toString('hex')}`);
    expect(await reads()).toEqual(['key']);
  });

  it('merchant:<id> forgets that merchant view only', async () => {
    const { cache, reads } = await warmCache();
    cache.apply(`merchant:${MERCHANT}`);
    expect(await reads()).toEqual(['view']);
  });

  it.each(['*', 'nonsense', 'plan:42', 'key:'])('%s forgets everything', async (notice) => {
    const { cache, reads } = await warmCache();
    cache.apply(notice);
    expect(await reads()).toEqual(['key', 'view']);
  });
});
