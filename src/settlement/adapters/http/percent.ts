// Rates are kept as integer parts per million (exact); people read and write them as percentages with at most four
// decimals (0.414 % is 4 140 ppm).
import type { Ppm } from '../../domain/settlement-lines.js';

export const toPpm = (percent: number): Ppm => Math.round(percent * 10_000);
export const toPercent = (ppm: Ppm): number => ppm / 10_000;

/**
 * A number with at most four decimals, i.e. a whole number of ppm. Not class-validator's `maxDecimalPlaces`: it splits
 * `String(value)` on the dot and throws on the exponent form JSON allows (`1e-7`), which answered 500.
 */
export const hasFourDecimalsAtMost = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(4)) === value;
