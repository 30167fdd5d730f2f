// Rates are kept as integer parts per million (exact); people read and write them as percentages with at most four
// decimals (0.414 % is 4 140 ppm).
import type { Ppm } from '../../domain/settlement-lines.js';

export const toPpm = (percent: number): Ppm => Math.round(percent * 10_000);
export const toPercent = (ppm: Ppm): number => ppm / 10_000;
