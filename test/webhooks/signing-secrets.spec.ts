// Which secrets sign an attempt around a roll (DESIGN.md 5.15): the pure rule under every delivery's svc-signature.
import { PREVIOUS_SECRET_GRACE_MS, previousSecretValidUntil, signingSecrets } from '../../src/webhooks/domain/signing-secrets.js';

const rolledAt = new Date('2026-11-20T15:00:00.000Z');
const previous = { secret: 'whsec_old', validUntil: previousSecretValidUntil(rolledAt) };
const later = (ms: number) => new Date(rolledAt.getTime() + ms);

describe('signing secrets around a roll', () => {
  it('keeps the replaced secret for 24 hours after the roll', () => {
    expect(PREVIOUS_SECRET_GRACE_MS).toBe(24 * 3600 * 1000);
    expect(previous.validUntil.toISOString()).toBe('2026-11-21T15:00:00.000Z');
  });

  it('signs with the current secret alone when none was replaced', () => {
    expect(signingSecrets('whsec_new', null, rolledAt)).toEqual(['whsec_new']);
  });

  it('signs with the new secret first, then the replaced one, during the grace', () => {
    expect(signingSecrets('whsec_new', previous, rolledAt)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets('whsec_new', previous, later(PREVIOUS_SECRET_GRACE_MS - 1))).toEqual(['whsec_new', 'whsec_old']);
  });

  it('signs with the new secret alone from the end of the grace on', () => {
    expect(signingSecrets('whsec_new', previous, later(PREVIOUS_SECRET_GRACE_MS))).toEqual(['whsec_new']);
    expect(signingSecrets('whsec_new', previous, later(PREVIOUS_SECRET_GRACE_MS + 3_600_000))).toEqual(['whsec_new']);
  });
});
