// The business-day calendar against an independent table of observed holidays 2025-2027 (test/settlement/fixtures).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bogotaDate } from '../../src/kernel/bogota.js';
import { easter, holidays, isBusinessDay, nextBusinessDay } from '../../src/settlement/domain/colombian-calendar.js';
import { payoutDate } from '../../src/settlement/domain/settlement.js';

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

// The table stops at 2027; the calendar is the law's rule and has no last year. 2028 worked out by hand from Ley 51 de
// 1983 and Ley 2578 de 2026 (Easter 16 April 2028; a moved holiday goes to the following Monday).
describe('years after the table: the same rule', () => {
  it('2028: the holidays of Ley 51 de 1983 and Ley 2578 de 2026', () => {
    expect(holidays(2028).map((h) => h.date)).toEqual([
      '2028-01-01', // Año Nuevo, a Saturday: not moved
      '2028-01-10', // Reyes, Thursday 6 -> Monday
      '2028-03-20', // San José, Sunday 19 -> Monday
      '2028-04-13', // Jueves Santo
      '2028-04-14', // Viernes Santo
      '2028-05-01',
      '2028-05-29', // Ascensión, Easter + 39 (Thursday 25 May) -> Monday
      '2028-06-19', // Corpus Christi, Easter + 60 -> Monday
      '2028-06-26', // Sagrado Corazón, Easter + 68 -> Monday
      '2028-07-03', // San Pedro y San Pablo, Thursday 29 June -> Monday
      '2028-07-10', // Chiquinquirá, Sunday 9 -> Monday
      '2028-07-20',
      '2028-08-07',
      '2028-08-21', // Asunción, Tuesday 15 -> Monday
      '2028-10-16', // Día de la Raza, Thursday 12 -> Monday
      '2028-11-06', // Todos los Santos, Wednesday 1 -> Monday
      '2028-11-13', // Independencia de Cartagena, Saturday 11 -> Monday
      '2028-12-08',
      '2028-12-25',
    ]);
  });

  it.each([
    ['2028-02-28', '2028-02-29', 'Monday -> the leap day, a Tuesday'],
    ['2028-02-29', '2028-03-01', 'the leap day -> Wednesday'],
    ['2028-04-12', '2028-04-17', 'Holy Wednesday 2028 -> Easter Monday'],
    ['2028-12-29', '2029-01-02', 'last Friday of 2028 -> Tuesday (1 January 2029 is a Monday holiday)'],
  ])('after %s comes %s (%s)', (date, next) => {
    expect(nextBusinessDay(date)).toBe(next);
  });
});

// Approvals one second either side of a Bogotá midnight around every holiday of the table (Holy Week and the year's
// end among them): the payout day is the next business day after the Bogotá date, worked out here from the table and
// the weekday alone. Bogotá is UTC-5 all year (no daylight saving since 1993), so the instants are written with -05:00.
describe('payout day of approvals at 23:59:59 and 00:00:00 in Bogotá, around every holiday 2025-2027', () => {
  const observed = new Set(table.holidays.map((h) => h.date));
  const day = (date: string, delta: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + delta * 86_400_000).toISOString().slice(0, 10);
  const businessByTable = (date: string): boolean => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay()) && !observed.has(date);
  const nextByTable = (date: string): string => {
    let d = day(date, 1);
    while (!businessByTable(d)) d = day(d, 1);
    return d;
  };
  const days = [...new Set(table.holidays.flatMap((h) => [-4, -3, -2, -1, 0, 1].map((delta) => day(h.date, delta))))].sort();

  it(`${days.length} days, two instants each`, () => {
    const wrong: string[] = [];
    for (const date of days) {
      const lastSecond = new Date(`${date}T23:59:59-05:00`);
      const midnight = new Date(`${day(date, 1)}T00:00:00-05:00`);
      const got = [payoutDate(bogotaDate(lastSecond)), payoutDate(bogotaDate(midnight))];
      const expected = [nextByTable(date), nextByTable(day(date, 1))];
      if (got.join() !== expected.join()) wrong.push(`${date}: got ${got.join(' / ')}, table ${expected.join(' / ')}`);
    }
    expect(wrong).toEqual([]);
    // The cases the accountant checks first: Holy Week 2026 and the turn of 2026 into 2027.
    expect(payoutDate(bogotaDate(new Date('2026-04-01T23:59:59-05:00')))).toBe('2026-04-06');
    expect(payoutDate(bogotaDate(new Date('2026-04-02T00:00:00-05:00')))).toBe('2026-04-06');
    expect(payoutDate(bogotaDate(new Date('2026-12-31T23:59:59-05:00')))).toBe('2027-01-04');
    expect(payoutDate(bogotaDate(new Date('2027-01-01T00:00:00-05:00')))).toBe('2027-01-04');
    expect(payoutDate(bogotaDate(new Date('2025-04-16T23:59:59-05:00')))).toBe('2025-04-21');
  });
});
