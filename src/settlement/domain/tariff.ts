// A merchant's fees and tax profile (DESIGN.md 5.12), and the dated retefuente table: what settlementLines() needs.
import { DEFAULT_TAX_PROFILE, type Ppm, type TaxProfile } from './settlement-lines.js';

/** What the operator sets per merchant. `retefuentePpm` null: the rate of the dated table on the approval's date. */
export interface MerchantTariff extends Omit<TaxProfile, 'retefuentePpm'> {
  retefuentePpm: Ppm | null;
}

export const DEFAULT_TARIFF: MerchantTariff = { ...DEFAULT_TAX_PROFILE, retefuentePpm: null };

/** One row of the retefuente table: the card withholding rate from a Bogota date on, and the norm that set it. */
export interface RetefuenteRate {
  vigenteDesde: string;
  ppm: Ppm;
  fuente: string;
}

/** The rate in force on a Bogota date: the latest row that starts on or before it; the DUR's 1.5 % before any row. */
export function retefuenteOn(date: string, rates: readonly RetefuenteRate[]): Ppm {
  let found: RetefuenteRate | null = null;
  for (const rate of rates) {
    if (rate.vigenteDesde <= date && (!found || rate.vigenteDesde > found.vigenteDesde)) found = rate;
  }
  return found ? found.ppm : DEFAULT_TAX_PROFILE.retefuentePpm;
}

/** The profile a charge is settled with: the merchant's tariff, and the table's retefuente unless it sets its own. */
export function taxProfileOf(tariff: MerchantTariff, retefuente: Ppm): TaxProfile {
  return { ...tariff, retefuentePpm: tariff.retefuentePpm ?? retefuente };
}

export const MAX_PPM = 1_000_000;
/** A fixed fee above a million pesos per charge is a typing error, not a tariff. */
export const MAX_FIXED_FEE = 1_000_000;
