// The settlement arithmetic against the accountant's own calculation, over many amounts, methods and tax profiles
// (DESIGN.md 5.12). The expected lines are computed here with exact rational arithmetic (BigInt numerators over
// denominators), written from the rules of docs/settlement.md, never by calling the code under test. A fixed seed, so
// a failure names an amount that can be worked again by hand.
import { settlementLines, type SettledMethod, type TaxProfile } from '../../src/settlement/domain/settlement-lines.js';

/** mulberry32: a small seeded generator, so every run checks the same cases. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** num / den rounded half-up (0,5 goes up), both non-negative. */
const halfUp = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);
/** A percentage written as the operator types it ("0.414") as an exact fraction of 100: [numerator, denominator]. */
function percent(text: string): [bigint, bigint] {
  const [whole, decimals = ''] = text.split('.');
  return [BigInt(whole + decimals), 100n * 10n ** BigInt(decimals.length)];
}
const toPpm = (text: string): number => {
  const [n, d] = percent(text);
  return Number((n * 1_000_000n) / d);
};

interface Tariff {
  comision: string;
  fija: number;
  ivaComision: string;
  ivaVentas: string;
  retefuente: string;
  reteIva: string;
  reteIca: string;
}

/** The accountant's settlement: the lines as docs/settlement.md states them, each rounded half-up, in BigInt. */
function byHand(bruto: bigint, metodo: SettledMethod, t: Tariff) {
  const [ivaN, ivaD] = percent(t.ivaVentas);
  // base = bruto / (1 + iva) = bruto x ivaD / (ivaD + ivaN)
  const base = ivaN === 0n ? bruto : halfUp(bruto * ivaD, ivaD + ivaN);
  const ivaVenta = bruto - base;
  const of = (amount: bigint, rate: string): bigint => {
    const [n, d] = percent(rate);
    return halfUp(amount * n, d);
  };
  const comision = of(bruto, t.comision) + BigInt(t.fija);
  const ivaComision = of(comision, t.ivaComision);
  const card = metodo === 'tarjeta';
  const retefuente = card ? of(base, t.retefuente) : 0n;
  const reteIva = card ? of(ivaVenta, t.reteIva) : 0n;
  const reteIca = card ? of(base, t.reteIca) : 0n;
  const neto = bruto - comision - ivaComision - retefuente - reteIva - reteIca;
  return { bruto, base, ivaVenta, comision, ivaComision, retefuente, reteIva, reteIca, neto };
}

function profileOf(t: Tariff): TaxProfile {
  return {
    comisionPpm: toPpm(t.comision),
    comisionFija: t.fija,
    ivaComisionPpm: toPpm(t.ivaComision),
    ivaVentasPpm: toPpm(t.ivaVentas),
    retefuentePpm: toPpm(t.retefuente),
    reteIvaPpm: toPpm(t.reteIva),
    reteIcaPpm: toPpm(t.reteIca),
  };
}

const DEFAULT: Tariff = { comision: '2.65', fija: 700, ivaComision: '19', ivaVentas: '19', retefuente: '1.5', reteIva: '15', reteIca: '0' };
// What the operator can set: IVA of the sale 0/5/19 %, municipal reteICA rates, a changed fee, the retefuente table's
// rates (1,5 % and the draft decree's 0 %, and a made-up 1,1 %).
const TARIFFS: Tariff[] = [
  DEFAULT,
  { ...DEFAULT, reteIca: '0.414' }, // Bogotá, commerce
  { ...DEFAULT, ivaVentas: '5', reteIca: '0.966' }, // Bogotá, services
  { ...DEFAULT, ivaVentas: '0', reteIca: '1.104' }, // exempt goods; Bogotá, financial activities
  { ...DEFAULT, comision: '3.49', fija: 900, reteIca: '0.7' }, // a changed fee, Medellín-like reteICA
  { ...DEFAULT, comision: '1.99', fija: 0, retefuente: '0' }, // no fixed fee; the draft decree's 0 % retefuente
  { ...DEFAULT, retefuente: '1.1', reteIva: '0', ivaComision: '0' },
  { comision: '100', fija: 1_000_000, ivaComision: '100', ivaVentas: '100', retefuente: '100', reteIva: '100', reteIca: '100' },
];
const METHODS: SettledMethod[] = ['pse', 'tarjeta', 'efectivo'];

/** Amounts from 1 peso to the largest MAX_MONTO accepts (Number.MAX_SAFE_INTEGER), spread over every magnitude. */
function amounts(random: () => number): number[] {
  const out = new Set<number>();
  for (let b = 1; b <= 3_000; b++) out.add(b); // tiny amounts, every one: the fixed fee's edge, many .5 ties
  for (const b of [5_000, 100_000, 1_000_000_000, 999_999_999, 2 ** 53 - 1, 2 ** 53 - 2, 2 ** 52 + 1, 10 ** 15]) out.add(b);
  for (let i = 0; i < 3_000; i++) {
    const digits = 1 + Math.floor(random() * 16); // 1 to 16 digits
    const b = Math.floor(random() * 10 ** digits) + 1;
    out.add(Math.min(b, Number.MAX_SAFE_INTEGER));
  }
  return [...out];
}

describe('settlement arithmetic against an independent calculation (seed 20260405)', () => {
  const random = seeded(20_260_405);
  const cases = amounts(random);

  it.each(TARIFFS.map((t, i) => [i, t] as const))('tariff %i: every line, rounded half-up, adding up to the gross', (_, tariff) => {
    const profile = profileOf(tariff);
    const wrong: string[] = [];
    let ties = 0;
    // Rates of 100 % on every line (the operator's ceiling) push a line past the exact range (comisión = bruto + fija) for
    // amounts near it; that tariff is checked up to 10^15 pesos. Real rates (a few percent) are checked to the ceiling.
    for (const bruto of tariff.comision === '100' ? cases.filter((b) => b <= 10 ** 15) : cases) {
      for (const metodo of METHODS) {
        const expected = byHand(BigInt(bruto), metodo, tariff);
        const got = settlementLines(bruto, metodo, profile);
        const text = (o: object) => JSON.stringify(o, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
        const sum = [got.comision, got.ivaComision, got.retefuente, got.reteIva, got.reteIca, got.neto].reduce((a, v) => a + BigInt(v), 0n);
        const lines = Object.values(got);
        if (text(Object.fromEntries(Object.entries(got).map(([k, v]) => [k, BigInt(v)]))) !== text(expected)) {
          wrong.push(`${metodo} ${bruto}: got ${text(got)}, by hand ${text(expected)}`);
        } else if (!lines.every((v) => Number.isSafeInteger(v)) || sum !== BigInt(bruto)) {
          wrong.push(`${metodo} ${bruto}: the parts add up to ${sum}, not ${bruto}`);
        }
        // A tie: the commission's exact value ends in ,5 (the case half-up decides).
        const [n, d] = percent(tariff.comision);
        if ((BigInt(bruto) * n * 2n) % d === 0n && ((BigInt(bruto) * n * 2n) / d) % 2n === 1n) ties++;
      }
      if (wrong.length > 5) break;
    }
    expect(wrong).toEqual([]);
    if (tariff.comision !== '100') expect(ties).toBeGreaterThan(0); // the rounding at ,5 was exercised
  });

  // A real gateway charges its fee on every payment, however small (the spec's minimum is 1 peso), and deducts what a
  // payment does not cover from that day's payout: the net is shown negative, never clipped, so the lines still add
  // up to the gross (docs/settlement.md). With the default tariff a cash or PSE payment nets below zero under $860.
  it('a tiny payment: the fee exceeds the gross and the net is negative, still adding up', () => {
    const one = settlementLines(1, 'efectivo', profileOf(DEFAULT));
    // comisión = 1 x 2,65 % + 700 = 700,0265 -> 700; IVA = 700 x 19 % = 133; neto = 1 - 700 - 133 = -832
    expect(one).toMatchObject({ comision: 700, ivaComision: 133, neto: -832 });
    const lastNegative = cases.filter((b) => settlementLines(b, 'pse', profileOf(DEFAULT)).neto < 0).reduce((a, b) => Math.max(a, b), 0);
    // b - (0,0265 b + 700) x 1,19 < 0  <=>  b < 833 / 0,968465 = 860,1
    expect(lastNegative).toBe(859);
  });
});
