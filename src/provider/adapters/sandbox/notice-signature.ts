// How the sandbox signs its server-to-server notices, and how the gateway checks them: the scheme of the spec's
// webhooks (`t=<epoch>,v1=<hmac-sha256 hex of "<t>.<raw body>">`), with the shared PROVIDER_SECRET.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const NOTICE_SIGNATURE_HEADER = 'sandbox-signature';
/** A notice older or newer than this (by its t) is refused: a captured notice cannot be replayed much later. */
export const NOTICE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();

export function signNotice(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

export type NoticeCheck = 'valid' | 'malformed' | 'bad_signature' | 'stale';

export function checkNoticeSignature(secret: string, header: string | undefined, rawBody: Buffer, now: Date): NoticeCheck {
  const parts = new Map<string, string[]>();
  for (const item of (header ?? '').split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) continue;
    const key = item.slice(0, at).trim();
    parts.set(key, [...(parts.get(key) ?? []), item.slice(at + 1).trim()]);
  }
  const t = parts.get('t')?.[0];
  const signatures = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return 'malformed';
  const expected = hmac(secret, Number(t), rawBody);
  // Every v1 is compared in constant time; one match is enough (a secret being rolled signs twice).
  const matches = signatures.some((v1) => /^[0-9a-f]{64}$/i.test(v1) && timingSafeEqual(Buffer.from(v1, 'hex'), expected));
  if (!matches) return 'bad_signature';
  if (Math.abs(now.getTime() / 1000 - Number(t)) > NOTICE_TOLERANCE_SECONDS) return 'stale';
  return 'valid';
}
