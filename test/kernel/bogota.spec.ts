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
  });

  it.each(['2026-13-01', '2026-11-31', '2026-02-30', '2025-02-29', '2026-02-30T10:00:00Z', '2026-00-10'])('%s names no day: null, not the next month', (value) => {
    expect(rangeBound(value, 'from')).toBeNull();
    expect(rangeBound(value, 'to')).toBeNull();
  });

  // ISO 8601 forms a validator may let through but Date cannot read: each reached PostgreSQL as "NaN" (a 500).
  it.each(['2026-W05', '20260201', '2026-045', '2026', '2026-11-30T25:00:00Z', 'ayer'])('%s is not a day with an optional time: null', (value) => {
    expect(rangeBound(value, 'from')).toBeNull();
  });
});
