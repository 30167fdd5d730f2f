// The settlement of one charge: which charges have one, the payout date, the state, the terms it is settled with.
import type { ChargeFacts } from '../../src/settlement/domain/settlement.js';
import { reversalOf, settle } from '../../src/settlement/domain/settlement.js';
import { DEFAULT_TAX_PROFILE } from '../../src/settlement/domain/settlement-lines.js';
import { DEFAULT_TARIFF, retefuenteOn, taxProfileOf, type RetefuenteRate } from '../../src/settlement/domain/tariff.js';

const approved: ChargeFacts = {
  chargeId: 'c1',
  merchantId: 'm1',
  estado: 'aprobado',
  monto: 100_000,
  method: 'tarjeta',
  approvedAt: '2027-03-19T15:00:00.000Z',
  approvalDate: '2027-03-19',
  approvalRecordedAt: '2027-03-19T15:00:01.000Z',
  refundedAt: null,
};

describe('settle', () => {
  it.each(['creado', 'pendiente', 'fallido'] as const)('refuses a %s charge with settlement_not_available', (estado) => {
    expect(() => settle({ ...approved, estado, method: null, approvedAt: null, approvalDate: null }, DEFAULT_TAX_PROFILE, '2027-03-19')).toThrow(
      expect.objectContaining({ code: 'settlement_not_available', kind: 'conflict' }),
    );
  });

  it('pays on the next business day: Friday 19 March 2027, then the weekend and San José moved to Monday 22', () => {
    expect(settle(approved, DEFAULT_TAX_PROFILE, '2027-03-19').payoutDate).toBe('2027-03-23');
  });

  it('recorded after the payout day was over: paid the next business day after it was recorded, not on a day gone', () => {
    const recorded = (at: string) => settle({ ...approved, approvalRecordedAt: at }, DEFAULT_TAX_PROFILE, '2027-03-24').payoutDate;
    // Recorded on the payout day itself (Tuesday 23, 08:00 in Bogotá): that day, as if it had come at once.
    expect(recorded('2027-03-23T13:00:00.000Z')).toBe('2027-03-23');
    // Recorded on Wednesday 24, 00:30 in Bogotá (05:30Z): Holy Thursday 25 and Good Friday 26 are holidays, so Monday 29.
    expect(recorded('2027-03-24T05:30:00.000Z')).toBe('2027-03-29');
    // Recorded on Tuesday 30 at 20:00 in Bogotá (Wednesday 31, 01:00Z): Wednesday 31; the UTC date would say Thursday.
    expect(recorded('2027-03-31T01:00:00.000Z')).toBe('2027-03-31');
  });

  it('is programada up to and during the payout day, liquidada after it', () => {
    expect(settle(approved, DEFAULT_TAX_PROFILE, '2027-03-19').state).toBe('programada');
    expect(settle(approved, DEFAULT_TAX_PROFILE, '2027-03-23').state).toBe('programada');
    expect(settle(approved, DEFAULT_TAX_PROFILE, '2027-03-24').state).toBe('liquidada');
  });

  it('a reconciled charge is settled like an approved one', () => {
    expect(settle({ ...approved, estado: 'conciliado' }, DEFAULT_TAX_PROFILE, '2027-03-24').state).toBe('liquidada');
  });

  it('is revertida once refunded, before or after its payout', () => {
    const refunded = { ...approved, estado: 'reembolsado' as const, refundedAt: '2027-03-20T12:00:00.000Z' };
    expect(settle(refunded, DEFAULT_TAX_PROFILE, '2027-03-20').state).toBe('revertida');
    expect(settle(refunded, DEFAULT_TAX_PROFILE, '2027-04-20').state).toBe('revertida');
  });

  it('a refund before the payout day cancels the payout; after it, it comes off the next payout; on it, either', () => {
    // Approved Friday 19 March 2027, paid Tuesday 23.
    expect(reversalOf('2027-03-19', '2027-03-23')).toBe('payout_cancelled');
    expect(reversalOf('2027-03-22', '2027-03-23')).toBe('payout_cancelled');
    expect(reversalOf('2027-03-23', '2027-03-23')).toBe('either_on_payout_day');
    expect(reversalOf('2027-03-24', '2027-03-23')).toBe('next_payout');
  });

  it('lines add up to the gross even when the fee exceeds a tiny sale (the net is then negative)', () => {
    const { lines } = settle({ ...approved, monto: 500 }, DEFAULT_TAX_PROFILE, '2027-03-19');
    expect(lines.neto).toBeLessThan(0);
    expect(lines.comision + lines.ivaComision + lines.retefuente + lines.reteIva + lines.reteIca + lines.neto).toBe(500);
  });
});

describe('the retefuente table', () => {
  const table: RetefuenteRate[] = [
    { vigenteDesde: '2016-10-11', ppm: 15_000, fuente: 'DUR 1625 de 2016' },
    { vigenteDesde: '2027-01-01', ppm: 0, fuente: 'a later decree' },
  ];

  it('takes the latest rate that starts on or before the date', () => {
    expect(retefuenteOn('2026-12-31', table)).toBe(15_000);
    expect(retefuenteOn('2027-01-01', table)).toBe(0);
    expect(retefuenteOn('2030-06-01', [...table].reverse())).toBe(0);
  });

  it("falls back to the DUR's 1.5 % before any row", () => {
    expect(retefuenteOn('2010-01-01', table)).toBe(15_000);
  });

  it("a merchant's own retefuente rate wins over the table; without one the table's applies", () => {
    expect(taxProfileOf(DEFAULT_TARIFF, 0).retefuentePpm).toBe(0);
    expect(taxProfileOf({ ...DEFAULT_TARIFF, retefuentePpm: 11_000 }, 0).retefuentePpm).toBe(11_000);
  });
});
