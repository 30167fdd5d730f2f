// argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 15-60 ms a hash on this box.
// @node-rs/argon2's Algorithm is a const enum that swc cannot inline, so argon2id is taken as its default (and the
// PHC string it writes, `$argon2id$v=19$m=19456,t=2,p=1$...`, says so; a test checks it).
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../../application/ports/password-hasher.port.js';

export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}
