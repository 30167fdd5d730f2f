// The fee and withholding arithmetic, worked as the merchant's accountant would check it (DESIGN.md 5.12).
import { DEFAULT_TAX_PROFILE, ppmOf, settlementLines } from '../../src/settlement/domain/settlement-lines.js';

const BOGOTA = { ...DEFAULT_TAX_PROFILE, reteIcaPpm: 4_140 }; // reteICA 0.414 %, Bogotá

describe('settlement lines', () => {
  it('a $100.000 card payment, 19 % IVA included, merchant in Bogotá', () => {
    // base      = 100.000 / 1,19          =  84.033,6  ->  84.034
    // IVA venta = 100.000 - 84.034                      ->  15.966
    // comisión  = 100.000 x 2,65 % + 700  =   3.350
    // IVA com.  = 3.350 x 19 %            =     636,5  ->     637
    // retefuente= 84.034 x 1,5 %          =   1.260,51 ->   1.261
    // reteICA   = 84.034 x 0,414 %        =     347,9  ->     348
    // reteIVA   = 15.966 x 15 %           =   2.394,9  ->   2.395
    // neto      = 100.000 - 3.350 - 637 - 1.261 - 348 - 2.395 = 92.009
    expect(settlementLines(100_000, 'tarjeta', BOGOTA)).toEqual({
      bruto: 100_000,
      base: 84_034,
      ivaVenta: 15_966,
      comision: 3_350,
      ivaComision: 637,
      retefuente: 1_261,
      reteIca: 348,
      reteIva: 2_395,
      neto: 92_009,
    });
  });

  it('a $5.000 cash payment: fee and its IVA, no withholdings', () => {
    // comisión = 5.000 x 2,65 % + 700 = 132,5 + 700 = 832,5 -> 833; IVA com. = 833 x 19 % = 158,27 -> 158
    // neto = 5.000 - 833 - 158 = 4.009
    expect(settlementLines(5_000, 'efectivo', BOGOTA)).toMatchObject({
      comision: 833,
      ivaComision: 158,
      retefuente: 0,
      reteIca: 0,
      reteIva: 0,
      neto: 4_009,
    });
  });

  it('a PSE payment carries no withholdings either', () => {
    const lines = settlementLines(100_000, 'pse', BOGOTA);
    expect([lines.retefuente, lines.reteIva, lines.reteIca]).toEqual([0, 0, 0]);
    expect(lines.neto).toBe(100_000 - 3_350 - 637);
  });

  it('an IVA-exempt seller: the base is the whole sale and there is no reteIVA', () => {
    const lines = settlementLines(100_000, 'tarjeta', { ...BOGOTA, ivaVentasPpm: 0 });
    expect(lines).toMatchObject({ base: 100_000, ivaVenta: 0, reteIva: 0, retefuente: 1_500, reteIca: 414 });
  });

  it('the default profile has no reteICA (a municipal rate the operator sets)', () => {
    expect(settlementLines(100_000, 'tarjeta', DEFAULT_TAX_PROFILE).reteIca).toBe(0);
  });

  it('the lines always add up exactly to the gross', () => {
    for (const bruto of [1, 7, 999, 1_000, 12_345, 99_999, 150_000, 1_000_000, 987_654_321]) {
      for (const method of ['tarjeta', 'pse', 'efectivo'] as const) {
        const l = settlementLines(bruto, method, BOGOTA);
        expect(l.comision + l.ivaComision + l.retefuente + l.reteIva + l.reteIca + l.neto).toBe(bruto);
        expect(l.base + l.ivaVenta).toBe(bruto);
      }
    }
  });

  it('rounds half-up, exactly, without floating-point drift', () => {
    expect(ppmOf(3_350, 190_000)).toBe(637); // 636.5
    expect(ppmOf(1, 500_000)).toBe(1); // 0.5
    expect(ppmOf(1, 499_999)).toBe(0);
    expect(ppmOf(1_000_000_000, 26_500)).toBe(26_500_000);
  });
});
