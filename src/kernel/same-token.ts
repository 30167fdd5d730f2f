// Comparing a secret a client sent with the one we hold: constant time, so the answer's timing tells nothing of how
// much of it matched.
import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two tokens; false when either is missing. */
export function sameToken(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
