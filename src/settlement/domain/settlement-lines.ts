// What reaches the merchant from one approved charge (DESIGN.md 5.12): the gateway's fee and its IVA, the
// withholdings a card acquirer must practise, and the net. Whole pesos, each line rounded half-up; the lines add up
// exactly to the gross because the net is what remains.

export type SettledMethod = 'pse' | 'tarjeta' | 'efectivo';

/** A rate in parts per million: 2.65 % = 26_500. Integers keep the arithmetic exact. */
export type Ppm = number;

export interface TaxProfile {
  /** Fee on the gross, e.g. 2.65 % = 26_500 ppm. */
  comisionPpm: Ppm;
  /** Fixed fee per charge, in pesos (700). */
  comisionFija: number;
  /** IVA on the fee (19 %). */
  ivaComisionPpm: Ppm;
  /** IVA included in the merchant's prices (19 %; 0 for exempt sellers). */
  ivaVentasPpm: Ppm;
  /** Retención en la fuente on card sales, on the base without IVA (1.5 %, DUR 1625/2016 art. 1.3.2.1.8). */
  retefuentePpm: Ppm;
  /** ReteIVA: a share of the sale's IVA (15 %). */
  reteIvaPpm: Ppm;
  /** ReteICA: the municipal rate of the merchant's activity (e.g. 0.414 % in Bogotá = 4_140; default 0). */
  reteIcaPpm: Ppm;
}

export const DEFAULT_TAX_PROFILE: TaxProfile = {
  comisionPpm: 26_500,
  comisionFija: 700,
  ivaComisionPpm: 190_000,
  ivaVentasPpm: 190_000,
  retefuentePpm: 15_000,
  reteIvaPpm: 150_000,
  reteIcaPpm: 0,
};

export interface SettlementLines {
  bruto: number;
  /** The sale without its own IVA: the base of retefuente and reteICA. */
  base: number;
  ivaVenta: number;
  comision: number;
  ivaComision: number;
  retefuente: number;
  reteIva: number;
  reteIca: number;
  neto: number;
}

const MILLION = 1_000_000n;

// In BigInt: amount x ppm x 2 passes Number.MAX_SAFE_INTEGER from about 4.500 million pesos on (amount x 2.000.000 for
// the base), and MAX_MONTO may be set up to that ceiling; in doubles the lines of such a charge came out a peso off.
/** num / den rounded half-up (non-negative). */
function halfUp(num: bigint, den: bigint): number {
  return Number((num * 2n + den) / (den * 2n));
}

/** amount x ppm / 1,000,000, rounded half-up (amounts and rates are non-negative). */
export function ppmOf(amount: number, ppm: Ppm): number {
  return halfUp(BigInt(amount) * BigInt(ppm), MILLION);
}

/** amount / (1 + ppm), rounded half-up: the price without the IVA it includes. */
function withoutIva(amount: number, ivaPpm: Ppm): number {
  return halfUp(BigInt(amount) * MILLION, MILLION + BigInt(ivaPpm));
}

export function settlementLines(bruto: number, method: SettledMethod, profile: TaxProfile): SettlementLines {
  const base = profile.ivaVentasPpm > 0 ? withoutIva(bruto, profile.ivaVentasPpm) : bruto;
  const ivaVenta = bruto - base;
  const comision = ppmOf(bruto, profile.comisionPpm) + profile.comisionFija;
  const ivaComision = ppmOf(comision, profile.ivaComisionPpm);
  // Withholdings apply to card payments only; PSE, wallets and cash carry none (DESIGN.md 5.12).
  const card = method === 'tarjeta';
  const retefuente = card ? ppmOf(base, profile.retefuentePpm) : 0;
  const reteIva = card ? ppmOf(ivaVenta, profile.reteIvaPpm) : 0;
  const reteIca = card ? ppmOf(base, profile.reteIcaPpm) : 0;
  const neto = bruto - comision - ivaComision - retefuente - reteIva - reteIca;
  return { bruto, base, ivaVenta, comision, ivaComision, retefuente, reteIva, reteIca, neto };
}
