// The business-day calendar against an independent table of observed holidays 2025-2027 (test/settlement/fixtures).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { easter, holidays, isBusinessDay, nextBusinessDay } from '../../src/settlement/domain/colombian-calendar.js';

const table = JSON.parse(readFileSync(path.resolve('test/settlement/fixtures/co-holidays-2025-2027.json'), 'utf8')) as {
  holidays: Array<{ date: string; nombre: string }>;
};

describe('Colombian holidays', () => {
  it.each([2025, 2026, 2027])('%i: exactly the observed dates of the independent table', (year) => {
    const expected = [...new Set(table.holidays.filter((h) => h.date.startsWith(`${year}`)).map((h) => h.date))].sort();
    const computed = [...new Set(holidays(year).map((h) => h.date))].sort();
    expect(computed).toEqual(expected);
  });

  it('computes Easter by the Gregorian rule', () => {
    expect([2025, 2026, 2027].map((y) => easter(y).toISOString().slice(0, 10))).toEqual(['2025-04-20', '2026-04-05', '2027-03-28']);
  });

  it('adds 9 July (Chiquinquirá, moved to Monday) from 2026 only, by Ley 2578 de 2026', () => {
    expect(holidays(2025).map((h) => h.date)).not.toContain('2025-07-14');
    expect(holidays(2026).map((h) => h.date)).toContain('2026-07-13');
    expect(holidays(2027).map((h) => h.date)).toContain('2027-07-12');
  });
});

describe('business days', () => {
  it.each([
    ['2026-11-20', true, 'a Friday'],
    ['2026-11-21', false, 'a Saturday'],
    ['2026-11-22', false, 'a Sunday'],
    ['2026-11-16', false, 'Independencia de Cartagena, moved to Monday'],
    ['2026-04-02', false, 'Jueves Santo'],
    ['2026-07-20', false, 'Independence day, fixed'],
  ])('%s is a business day: %s (%s)', (date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([
    ['2026-11-20', '2026-11-23', 'Friday -> Monday'],
    ['2026-11-13', '2026-11-17', 'Friday before a holiday Monday -> Tuesday'],
    ['2026-04-01', '2026-04-06', 'Holy Wednesday -> Easter Monday'],
    ['2026-12-24', '2026-12-28', 'Christmas Eve -> the Monday after Christmas'],
    ['2026-12-31', '2027-01-04', 'New Year\'s Eve -> first Monday of 2027'],
    ['2027-01-08', '2027-01-12', 'Friday before Reyes (moved to Monday 11) -> Tuesday'],
    ['2026-07-10', '2026-07-14', 'Friday before Chiquinquirá (Monday 13) -> Tuesday'],
  ])('after %s comes %s (%s)', (date, next) => {
    expect(nextBusinessDay(date)).toBe(next);
  });

  it('never answers a weekend or holiday over three years', () => {
    const holidaysSet = new Set(table.holidays.map((h) => h.date));
    for (let d = new Date('2025-01-01T00:00:00Z'); d < new Date('2027-12-25T00:00:00Z'); d = new Date(d.getTime() + 86_400_000)) {
      const next = nextBusinessDay(d.toISOString().slice(0, 10));
      const weekday = new Date(`${next}T00:00:00Z`).getUTCDay();
      expect([weekday === 0 || weekday === 6, holidaysSet.has(next)]).toEqual([false, false]);
    }
  });
});
