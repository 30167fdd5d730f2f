// Range bounds as Colombians mean them, and the days that are not in the calendar (which Date rolls over silently).
import { rangeBound } from '../../src/kernel/bogota.js';

describe('rangeBound', () => {
  it('reads a date as the whole Bogota day: from its start, to the start of the next', () => {
    expect(rangeBound('2026-11-30', 'from')?.toISOString()).toBe('2026-11-30T05:00:00.000Z');
    expect(rangeBound('2026-11-30', 'to')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(rangeBound('2024-02-29', 'to')?.toISOString()).toBe('2024-03-01T05:00:00.000Z');
  });

  it('reads a date-time as that instant', () => {
    expect(rangeBound('2026-11-30T10:00:00-05:00', 'from')?.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(rangeBound('2026-11-30T10:00:00Z', 'from')?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(rangeBound('2026-11-30T10:00:00z', 'from')?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  // Read with Date, a date-time without offset was the server's local time: UTC on most hosts, Bogota time on one set
  // to America/Bogota. The same query must mean the same instants wherever the gateway runs.
  it.each([
    ['2026-11-23T23:59:59', '2026-11-24T04:59:59.000Z'],
    ['2026-11-23 23:59:59', '2026-11-24T04:59:59.000Z'],
    ['2026-11-23T23:59', '2026-11-24T04:59:00.000Z'],
    ['2026-11-23T23', '2026-11-24T04:00:00.000Z'],
    ['2026-11-23T00:00:00.250', '2026-11-23T05:00:00.250Z'],
    ['2026-12-31T22:00:00', '2027-01-01T03:00:00.000Z'],
  ])('reads %s, which has no offset, as Bogota time: %s', (value, instant) => {
    expect(rangeBound(value, 'from')?.toISOString()).toBe(instant);
    expect(rangeBound(value, 'to')?.toISOString()).toBe(instant);
  });

  // The ISO 8601 offsets the validator lets through; Date read -0500 but not -05 (a 400 saying it was not ISO 8601).
  it.each([
    ['2026-11-23T10:00:00-05', '2026-11-23T15:00:00.000Z'],
    ['2026-11-23T10:00:00-0500', '2026-11-23T15:00:00.000Z'],
    ['2026-11-23T10:00:00+05:30', '2026-11-23T04:30:00.000Z'],
    ['2026-11-23T10:00:00,5Z', '2026-11-23T10:00:00.500Z'],
    ['2026-11-23T10:00:00.1234Z', '2026-11-23T10:00:00.124Z'],
  ])('reads the offset of %s: %s', (value, instant) => {
    expect(rangeBound(value, 'from')?.toISOString()).toBe(instant);
  });

  it('reads 24:00 as the end of that day, which is the start of the next (in Bogota when no offset is given)', () => {
    expect(rangeBound('2026-11-23T24:00', 'to')?.toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(rangeBound('2026-11-23T24:00:00Z', 'to')?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(rangeBound('2026-11-23T24:30', 'to')).toBeNull();
  });

  it.each(['2026-13-01', '2026-11-31', '2026-02-30', '2025-02-29', '2026-02-30T10:00:00Z', '2026-00-10'])('%s names no day: null, not the next month', (value) => {
    expect(rangeBound(value, 'from')).toBeNull();
    expect(rangeBound(value, 'to')).toBeNull();
  });

  // ISO 8601 forms a validator may let through but Date cannot read: each reached PostgreSQL as "NaN" (a 500).
  it.each(['2026-W05', '20260201', '2026-045', '2026', '2026-11-30T25:00:00Z', '2026-11-30T10:60Z', '2026-11-30T23:59:60Z', '2026-11-30T1000', '2026-11-30T10:00:00+24:00', 'ayer'])('%s is not a day with an optional time: null', (value) => {
    expect(rangeBound(value, 'from')).toBeNull();
  });
});

describe('rangeBound at the ends of the calendar', () => {
  it('keeps years before 100 as written and reaches the last instant of 9999', () => {
    expect(rangeBound('0050-02-01T00:00:00Z', 'from')?.toISOString()).toBe('0050-02-01T00:00:00.000Z');
    expect(rangeBound('9999-12-31T23:59:59', 'to')?.toISOString()).toBe('+010000-01-01T04:59:59.000Z');
  });
});
