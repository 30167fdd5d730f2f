import { randomBytes, randomUUID } from 'node:crypto';
import { sameToken } from '../../src/kernel/same-token.js';
import { chargeIdOfToken, checkoutToken } from '../../src/payments/domain/checkout-token.js';

describe('a checkout token', () => {
  it('names its charge and 192 random bits, in 54 URL-safe characters', () => {
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      const token = checkoutToken(id, randomBytes(24));
      expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
      expect(chargeIdOfToken(token)).toBe(id);
    }
  });

  it('two tokens of one charge differ in their random part', () => {
    const id = randomUUID();
    expect(checkoutToken(id, randomBytes(24))).not.toBe(checkoutToken(id, randomBytes(24)));
  });

  it('names no charge when it is of another shape: an older token, another length, a second spelling of the id', () => {
    expect(chargeIdOfToken(randomBytes(24).toString('base64url'))).toBeNull(); // 32 characters, made before
    const token = checkoutToken('0f0e0d0c-0b0a-4908-8706-050403020100', randomBytes(24));
    expect(chargeIdOfToken(token.slice(1))).toBeNull();
    expect(chargeIdOfToken(`${token}A`)).toBeNull();
    expect(chargeIdOfToken(`${token.slice(0, 53)}*`)).toBeNull();
    // The 22nd character carries 4 spare bits: a spelling that decodes to the same id is not the token's.
    const spare = token[21] === 'A' ? 'B' : 'A';
    expect(chargeIdOfToken(`${token.slice(0, 21)}${spare}${token.slice(22)}`)).not.toBe('0f0e0d0c-0b0a-4908-8706-050403020100');
  });

  it('is compared whole, whatever the lengths', () => {
    const token = checkoutToken(randomUUID(), randomBytes(24));
    expect(sameToken(token, token)).toBe(true);
    expect(sameToken(token, `${token.slice(0, 53)}${token[53] === 'A' ? 'B' : 'A'}`)).toBe(false);
    expect(sameToken(token, token.slice(0, 32))).toBe(false);
    expect(sameToken(token, '')).toBe(false);
  });
});
