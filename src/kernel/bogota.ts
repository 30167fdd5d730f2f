// Dates as Colombians mean them: America/Bogota, UTC-05:00 all year (no daylight saving since 1993).
const OFFSET = '-05:00';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a Bogota calendar day begins. */
export function startOfBogotaDay(date: string): Date {
  return new Date(`${date}T00:00:00.000${OFFSET}`);
}

/** A `YYYY-MM-DD` (a whole Bogota day) or an ISO 8601 date-time, as the bounds of a range. */
export function rangeBound(value: string, side: 'from' | 'to'): Date {
  if (DATE_ONLY.test(value)) {
    const start = startOfBogotaDay(value);
    return side === 'from' ? start : new Date(start.getTime() + 24 * 3600 * 1000);
  }
  return new Date(value);
}

/** The Bogota calendar day (`YYYY-MM-DD`) an instant falls on. */
export function bogotaDate(instant: Date): string {
  return new Date(instant.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
}
