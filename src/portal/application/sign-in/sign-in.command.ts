import { Command } from '@nestjs/cqrs';
import type { ClientInfo, OpenedSession } from '../portal-session.js';

export type SignInResult =
  | { kind: 'signed-in'; session: OpenedSession }
  /** The email and password open several merchants' portals: the person picks one and signs in again. */
  | { kind: 'choose-merchant'; merchants: Array<{ id: string; nombre: string }> }
  | { kind: 'wrong' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/** Sign-in by email and password, slowed down after repeated failures (domain/sign-in-throttle.ts). */
export class SignIn extends Command<SignInResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    /** The merchant chosen when the email belongs to several; undefined otherwise. */
    readonly merchantId: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
