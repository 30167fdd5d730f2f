// A portal session's lifetime (DESIGN.md 5.17): it ends after a while without use (idle) and, used or not, a fixed
// time after sign-in (absolute), so a cookie left on a shared computer stops working by itself.

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
}

export type SessionStatus = 'active' | 'idle' | 'expired';

export function sessionStatus(session: SessionTimes, now: Date, policy: SessionPolicy): SessionStatus {
  if (now.getTime() - session.createdAt.getTime() >= policy.absoluteMs) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() >= policy.idleMs) return 'idle';
  return 'active';
}

/** Last use is written at most once a minute: a page with many requests costs one write, not one each. */
export const TOUCH_EVERY_MS = 60_000;

export function needsTouch(session: SessionTimes, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS;
}
