// A calendar day as the API writes it, YYYY-MM-DD, that exists (no 2026-02-30, no month 13) and falls from 1970 on:
// the days our charges, settlements and reports can have, all of which PostgreSQL reads (it has no year 0).
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const FIRST_DAY = '1970-01-01';

/** A YYYY-MM-DD the calendar has, in any year: Date would roll 2026-02-30 over into March instead of refusing it. */
export function isExistingDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

export function isCalendarDate(value: string): boolean {
  return isExistingDay(value) && value >= FIRST_DAY;
}

/** What is wrong with a day a client sent as `name`, said so it can be fixed from it; null for a calendar date. */
export function calendarDateProblem(name: string, value: string): string | null {
  if (!DATE.test(value)) return `${name} must be a date, YYYY-MM-DD`;
  if (!isExistingDay(value)) return `${name} ${value} is not a day of the calendar`;
  if (value < FIRST_DAY) return `${name} ${value} is before ${FIRST_DAY}, earlier than any payment`;
  return null;
}
