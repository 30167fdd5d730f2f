// Counts of sign-in attempts per account and per address (domain/sign-in-throttle.ts decides with them).
import type { AttemptRecord } from '../../domain/sign-in-throttle.js';

export const SIGN_IN_ATTEMPTS = Symbol('SignInAttempts');

export interface SignInAttempts {
  /**
   * Reads the record of `key`, writes what `decide` returns (null deletes it) and answers its result, all under a
   * lock on that key, so concurrent attempts are counted one after the other.
   */
  update<T>(key: string, decide: (record: AttemptRecord | null) => { next: AttemptRecord | null; result: T }): Promise<T>;
}
