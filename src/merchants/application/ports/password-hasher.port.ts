// How portal passwords are stored: a slow, salted hash (argon2id in adapters/crypto), never the password.
export const PASSWORD_HASHER = Symbol('PasswordHasher');

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read; never throws for either. */
  verify(hash: string, password: string): Promise<boolean>;
}
