// Dates as Colombians mean them: America/Bogota, UTC-05:00 all year (no daylight saving since 1993).
import { isExistingDay } from './calendar-date.js';

const OFFSET = '-05:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a Bogota calendar day begins. */
export function startOfBogotaDay(date: string): Date {
  return new Date(`${date}T00:00:00.000${OFFSET}`);
}

/**
 * A `YYYY-MM-DD` (a whole Bogota day) or an ISO 8601 date-time, as the bounds of a range. Null when the day is not in
 * the calendar (2026-11-31 would otherwise be read as 1 December, month 13 as an invalid Date that reaches the
 * database as "NaN") or the text is not a day with an optional time (a week date like 2026-W05).
 */
export function rangeBound(value: string, side: 'from' | 'to'): Date | null {
  if (!isExistingDay(value.slice(0, 10))) return null;
  if (DATE_ONLY.test(value)) {
    const start = startOfBogotaDay(value);
    return side === 'from' ? start : new Date(start.getTime() + 24 * 3600 * 1000);
  }
  if (value[10] !== 'T' && value[10] !== ' ') return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The Bogota calendar day (`YYYY-MM-DD`) an instant falls on. */
export function bogotaDate(instant: Date): string {
  return new Date(instant.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}
