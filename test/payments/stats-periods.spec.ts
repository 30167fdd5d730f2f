// The calendar periods of GET /pagos/stats: days, weeks from Monday, months, clipped to the range.
import { daysBetween, periodsOf, periodStart } from '../../src/payments/application/charge-stats/periods.js';

describe('stats periods', () => {
  it('weeks start on Monday, across a year end', () => {
    expect(periodStart('2027-01-01', 'week')).toBe('2026-12-28');
    expect(periodStart('2026-12-28', 'week')).toBe('2026-12-28');
    expect(periodStart('2027-01-03', 'week')).toBe('2026-12-28');
  });

  it('months are clipped to the range, February of a leap year included', () => {
    expect(periodsOf('2028-01-15', '2028-03-10', 'month')).toEqual([
      { key: '2028-01-01', desde: '2028-01-15', hasta: '2028-01-31' },
      { key: '2028-02-01', desde: '2028-02-01', hasta: '2028-02-29' },
      { key: '2028-03-01', desde: '2028-03-01', hasta: '2028-03-10' },
    ]);
  });

  it('every day of the range once', () => {
    const days = periodsOf('2026-12-30', '2027-01-02', 'day').map((p) => p.key);
    expect(days).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(4);
  });

  it('ends at the last day of year 9999, whose next day is written +010000-01-01', () => {
    expect(periodsOf('9999-12-01', '9999-12-31', 'month')).toEqual([{ key: '9999-12-01', desde: '9999-12-01', hasta: '9999-12-31' }]);
    expect(periodsOf('9999-12-27', '9999-12-31', 'week')).toHaveLength(1);
    expect(periodsOf('9999-12-30', '9999-12-31', 'day').map((p) => p.key)).toEqual(['9999-12-30', '9999-12-31']);
  });
});
