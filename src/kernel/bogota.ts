// Dates as Colombians mean them: America/Bogota, UTC-05:00 all year (no daylight saving since 1993).
import { isExistingDay } from './calendar-date.js';

const OFFSET = '-05:00';
const OFFSET_MINUTES = -5 * 60;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A day and a time of ISO 8601's extended format, as the validator lets them through: `T` or a space, hours with
 * optional minutes, seconds and a fraction (`.` or `,`), and an optional offset `Z`, `±HH`, `±HHMM` or `±HH:MM`.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(?:([zZ])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

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
  return dateTime(value);
}

/**
 * An ISO 8601 date-time as an instant; one without an offset is Bogota time, as our dates are (Date would read it in
 * the server's own zone, so the same query meant other instants on another host). 24:00 is the end of the day. A
 * fraction finer than a millisecond is rounded up: creation times are whole milliseconds, so a bound compares with
 * them exactly as the written one would.
 */
function dateTime(value: string): Date | null {
  const parts = DATE_TIME.exec(value);
  if (!parts) return null;
  const [, year, month, day, hh, mm = '00', ss = '00', fraction = '', zulu, sign, offsetHours, offsetMinutes = '00'] = parts;
  const hours = Number(hh);
  const minutes = Number(mm);
  const seconds = Number(ss);
  const millis = fraction ? Math.ceil(Number(`0.${fraction}`) * 1000) : 0;
  const endOfDay = hours === 24 && minutes === 0 && seconds === 0 && millis === 0;
  if ((hours > 23 && !endOfDay) || minutes > 59 || seconds > 59) return null;
  if (Number(offsetHours ?? 0) > 23 || Number(offsetMinutes) > 59) return null;
  const offset = zulu ? 0 : sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : OFFSET_MINUTES;
  // setUTCFullYear, unlike Date.UTC, does not read the years 0-99 as 1900-1999.
  const instant = new Date(0);
  instant.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  instant.setUTCHours(hours, minutes, seconds, millis);
  instant.setTime(instant.getTime() - offset * 60_000);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The Bogota calendar day (`YYYY-MM-DD`) an instant falls on. */
export function bogotaDate(instant: Date): string {
  return new Date(instant.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}
