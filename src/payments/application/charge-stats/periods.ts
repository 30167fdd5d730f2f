// The calendar periods of a Bogota date range: days, ISO weeks (Monday first) or months, each clipped to the range.
// Dates are `YYYY-MM-DD` strings; arithmetic on them is done at UTC midnight, where no daylight saving intervenes.
import type { PeriodUnit } from '../ports/charge-stats.port.js';

export interface Period {
  /** The period's first day, as date_trunc gives it (a Monday for weeks, the 1st for months). */
  key: string;
  /** The part of the period inside the range. */
  desde: string;
  hasta: string;
}

const DAY_MS = 86_400_000;
const at = (date: string): Date => new Date(`${date}T00:00:00Z`);
const iso = (d: Date): string => d.toISOString().slice(0, 10);
const plusDays = (date: string, days: number): string => iso(new Date(at(date).getTime() + days * DAY_MS));

export function periodStart(date: string, unit: PeriodUnit): string {
  if (unit === 'day') return date;
  if (unit === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = at(date).getUTCDay(); // 0 Sunday
  return plusDays(date, -((weekday + 6) % 7));
}

function nextStart(start: string, unit: PeriodUnit): string {
  if (unit === 'day') return plusDays(start, 1);
  if (unit === 'week') return plusDays(start, 7);
  const d = at(start);
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** Days from `desde` to `hasta`, both included. */
export function daysBetween(desde: string, hasta: string): number {
  return Math.round((at(hasta).getTime() - at(desde).getTime()) / DAY_MS) + 1;
}

export function periodsOf(desde: string, hasta: string, unit: PeriodUnit): Period[] {
  const periods: Period[] = [];
  // Compared as instants, not as text: the day after 9999-12-31 is written +010000-01-01, which sorts first.
  const end = at(hasta).getTime();
  for (let key = periodStart(desde, unit); at(key).getTime() <= end; key = nextStart(key, unit)) {
    const last = plusDays(nextStart(key, unit), -1);
    periods.push({ key, desde: key < desde ? desde : key, hasta: last > hasta ? hasta : last });
  }
  return periods;
}
