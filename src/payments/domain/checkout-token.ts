// A charge's checkout token (DESIGN.md 6b): the charge's id, then 192 random bits, both base64url. The random part is
// what makes it unguessable; the id lets the hosted page find the charge's stream at once, so a buyer sent on the
// moment the 201 arrives never waits on the projector (which a long transaction anywhere in the database can hold
// back). The page still compares the whole token with the one the charge recorded, in constant time
// (kernel/same-token.ts).

const ID_PART = 22; // 16 bytes of the uuid
const SHAPE = /^[A-Za-z0-9_-]{54}$/; // the id part and 24 random bytes (32 characters)

export function checkoutToken(chargeId: string, random: Buffer): string {
  if (random.length !== 24) throw new Error('a checkout token takes 24 random bytes');
  return Buffer.from(chargeId.replaceAll('-', ''), 'hex').toString('base64url') + random.toString('base64url');
}

/**
 * The charge id a token names, or null for a token of another shape (tokens made before the id was part of them:
 * 32 random characters, found through the read model).
 */
export function chargeIdOfToken(token: string): string | null {
  if (!SHAPE.test(token)) return null;
  const id = Buffer.from(token.slice(0, ID_PART), 'base64url');
  // base64url of 16 bytes is 22 characters whose last holds 4 spare bits: only one spelling round-trips.
  if (id.length !== 16 || id.toString('base64url') !== token.slice(0, ID_PART)) return null;
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
