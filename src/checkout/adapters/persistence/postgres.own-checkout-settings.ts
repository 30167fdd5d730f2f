// The own-checkout switch is the merchants table's checkout_propio; each change leaves a row saying who and when.
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../../kernel/actor.js';
import { MERCHANT_CACHE, type MerchantCache } from '../../../merchants/adapters/cache/merchant-cache.js';
import type { OwnCheckoutSettings } from '../../application/ports/own-checkout-settings.port.js';

@Injectable()
export class PostgresOwnCheckoutSettings implements OwnCheckoutSettings {
  constructor(
    private readonly db: DataSource,
    // The switch is part of the merchant view that charge creation reads from the cache.
    @Inject(MERCHANT_CACHE) private readonly cache: MerchantCache,
  ) {}

  async set(merchantId: string, enabled: boolean, actor: Actor, at: Date): Promise<boolean> {
    const changed = await this.db.transaction(async (manager) => {
      const found: Array<{ checkout_propio: boolean }> = await manager.query('SELECT checkout_propio FROM merchants WHERE id = $1 FOR UPDATE', [
        merchantId,
      ]);
      if (found.length === 0) return false;
      // Switching it to what it is already changes nothing, and the history says only what changed.
      if (found[0]?.checkout_propio === enabled) return true;
      await manager.query('UPDATE merchants SET checkout_propio = $2 WHERE id = $1', [merchantId, enabled]);
      await manager.query('INSERT INTO own_checkout_changes (merchant_id, habilitado, actor, cambiado_en) VALUES ($1, $2, $3, $4)', [
        merchantId,
        enabled,
        JSON.stringify(actor),
        at,
      ]);
      return true;
    });
    if (changed) this.cache.forgetMerchant(merchantId);
    return changed;
  }
}
