// What registering and rolling share: how a signing secret is made, and how an endpoint reads at a given time.
import { randomBytes } from 'node:crypto';
import { isStillSigning } from '../domain/signing-secrets.js';
import type { WebhookEndpointView } from './ports/webhook-endpoints.port.js';

/**
 * How long after a registration or a roll its author's repeated request (a double click, a reload, a second tab) gets
 * that one's answer, its secret included, again.
 */
export const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** `whsec_` + 256 random bits: what a merchant pastes into its verifier as the HMAC key. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The endpoint as of `now`: a replaced secret whose grace is over is no longer mentioned. */
export function asOf(view: WebhookEndpointView, now: Date): WebhookEndpointView {
  const until = view.previousSecretValidUntil;
  const signing = until !== null && isStillSigning({ validUntil: new Date(until) }, now);
  return signing ? view : { ...view, previousSecretValidUntil: null };
}
