// Repeated wrong passwords slow down (DESIGN.md 5.17), per account (the email typed, whether it exists or not) and
// per address. Each attempt counts as failed from the moment it is let through until it is known to be right, so a
// burst of parallel guesses cannot all pass before the first failure is written.
//
// Per account: 5 failures free; then the next attempt waits 30 s, doubling with each further failure up to 15 min.
// Per address: 30 failures free (an office behind one address); then 1 min, doubling up to 1 h. An IPv6 client holds
// a whole /64 at least (RFC 6177), so its addresses are counted by that prefix (see `throttledAddress`).
// A record with no attempt for 24 h is forgotten. A right password clears the account's record; on the address's it
// only takes back its own count, so a known account cannot be used to wash an address's failures away.

export interface ThrottlePolicy {
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export const PER_ACCOUNT: ThrottlePolicy = { freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 24 * 3600 };
export const PER_ADDRESS: ThrottlePolicy = { freeFailures: 30, baseDelaySeconds: 60, maxDelaySeconds: 3600, forgetAfterSeconds: 24 * 3600 };

export interface AttemptRecord {
  failures: number;
  lastAttemptAt: Date;
  /** No attempt is checked before this time; null: none to wait for. */
  waitUntil: Date | null;
}

export type Claim = { allowed: true; record: AttemptRecord } | { allowed: false; retryAfterSeconds: number };

/** Seconds to wait before the next attempt once `failures` attempts have failed. */
export function waitAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.baseDelaySeconds * 2 ** doublings, policy.maxDelaySeconds);
}

const plus = (at: Date, seconds: number): Date | null => (seconds > 0 ? new Date(at.getTime() + seconds * 1000) : null);

function current(record: AttemptRecord | null, now: Date, policy: ThrottlePolicy): AttemptRecord | null {
  if (!record) return null;
  return now.getTime() - record.lastAttemptAt.getTime() >= policy.forgetAfterSeconds * 1000 ? null : record;
}

/** Lets an attempt through, counted as a failure until settled, or says how long to wait. */
export function claimAttempt(record: AttemptRecord | null, now: Date, policy: ThrottlePolicy): Claim {
  const live = current(record, now, policy);
  if (live?.waitUntil && live.waitUntil.getTime() > now.getTime()) {
    return { allowed: false, retryAfterSeconds: Math.ceil((live.waitUntil.getTime() - now.getTime()) / 1000) };
  }
  const failures = (live?.failures ?? 0) + 1;
  return { allowed: true, record: { failures, lastAttemptAt: now, waitUntil: plus(now, waitAfter(failures, policy)) } };
}

/** Takes back the count of an attempt that turned out not to be a failure (or was never checked). */
export function takeBack(record: AttemptRecord | null, now: Date, policy: ThrottlePolicy): AttemptRecord | null {
  const live = current(record, now, policy);
  if (!live) return null;
  const failures = Math.max(0, live.failures - 1);
  if (failures === 0) return null;
  return { failures, lastAttemptAt: live.lastAttemptAt, waitUntil: plus(now, waitAfter(failures, policy)) };
}

/**
 * The address a sign-in attempt is counted under: an IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4), an
 * IPv6 address by its /64, since one client can send from any address of its network. Text that is not an IPv6
 * address is kept as it is; text that is no address at all (a forged X-Forwarded-For believed through too many
 * trusted hops) is counted under one name, so no client-written text of any length becomes a key.
 */
export const NOT_AN_ADDRESS = 'no-es-una-direccion';

export function throttledAddress(ip: string): string {
  const address = ip.toLowerCase().replace(/%.*$/, '');
  // The longest address written in text is an IPv6 one with an IPv4 tail: 45 characters.
  if (address.length > 45 || !/^[0-9a-f.:]+$/.test(address)) return NOT_AN_ADDRESS;
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const halves = address.split('::');
  if (halves.length > 2) return address;
  const [head, tail] = halves.map((part) => (part ? part.split(':') : []));
  // A dotted IPv4 tail (::ffff:1.2.3.4) stands for two groups.
  const width = (groups: string[] = []): number => groups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const words = tail ? [...head!, ...new Array<string>(Math.max(0, 8 - width(head) - width(tail))).fill('0'), ...tail] : head!;
  const prefix = words.slice(0, 4);
  if (prefix.length < 4 || !prefix.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${prefix.map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
