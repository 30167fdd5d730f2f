// Which secrets sign an attempt (DESIGN.md 5.15). After a roll the replaced secret keeps signing for a grace period,
// after the new one, so a merchant's verifier holding either accepts every delivery (the spec's header takes several
// `v1=`). Only the secret a roll replaces is kept: a second roll drops the one still in grace, so an attempt carries
// two signatures at most. Pure: time comes in; `S` is a secret in whatever form the caller holds it (sealed or clear).

/** How long the secret a roll replaces keeps signing. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

export interface PreviousSecret<S> {
  secret: S;
  /** From this instant on it no longer signs. */
  validUntil: Date;
}

/** When the secret replaced by a roll made at `rolledAt` stops signing. */
export function previousSecretValidUntil(rolledAt: Date): Date {
  return new Date(rolledAt.getTime() + PREVIOUS_SECRET_GRACE_MS);
}

export function isStillSigning(previous: { validUntil: Date } | null, now: Date): boolean {
  return previous !== null && now.getTime() < previous.validUntil.getTime();
}

/** The secrets an attempt made at `now` is signed with: the current one first, then the replaced one while in grace. */
export function signingSecrets<S>(current: S, previous: PreviousSecret<S> | null, now: Date): S[] {
  return previous !== null && isStillSigning(previous, now) ? [current, previous.secret] : [current];
}
