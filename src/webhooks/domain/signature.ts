// The svc-signature header (spec, Events): t=<epoch>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. Deterministic.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'svc-signature';
export const EVENT_HEADER = 'svc-event';
export const DELIVERY_ID_HEADER = 'svc-delivery-id';

export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** One `v1=` per secret: while a secret is being replaced, both sign, and a verifier accepts either. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signPayload(secret, timestamp, body)}`)].join(',');
}
