// Merchants' tariffs (a history: each one applies to charges approved from when it was set) and the dated
// retefuente table.
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantTariff, RetefuenteRate } from '../../domain/tariff.js';

export const TARIFFS = Symbol('Tariffs');
export const RETEFUENTE_RATES = Symbol('RetefuenteRates');

export interface StoredTariff {
  tariff: MerchantTariff;
  /** When it took effect; null: never set, the defaults apply. */
  vigenteDesde: string | null;
  actor: Actor | null;
}

export interface Tariffs {
  /** The tariff in force at an instant (the defaults when none was set by then). */
  inForceAt(merchantId: string, at: Date): Promise<MerchantTariff>;
  /** The tariff in force now, as stored; null when the merchant does not exist. */
  current(merchantId: string, now: Date): Promise<StoredTariff | null>;
  /** Sets the merchant's tariff from `at` on; null when the merchant does not exist. */
  set(merchantId: string, tariff: MerchantTariff, at: Date, actor: Actor): Promise<StoredTariff | null>;
}

export interface RetefuenteRates {
  all(): Promise<RetefuenteRate[]>;
  /** Adds the rate of a date, or replaces it. */
  put(rate: RetefuenteRate, at: Date): Promise<void>;
}
