import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { VerifyPassword } from '../../../merchants/application/people/person-access.commands.js';
import { normalizeEmail } from '../../../merchants/domain/person.js';
import { claimAttempt, PER_ACCOUNT, PER_ADDRESS, takeBack, throttledAddress, type ThrottlePolicy } from '../../domain/sign-in-throttle.js';
import { openSession } from '../portal-session.js';
import { SESSIONS, type Sessions } from '../ports/sessions.port.js';
import { SIGN_IN_ATTEMPTS, type SignInAttempts } from '../ports/sign-in-attempts.port.js';
import { SignIn, type SignInResult } from './sign-in.command.js';

/** Text PostgreSQL cannot keep (the NUL character, half a surrogate pair) is nobody's email, and no query may see it. */
const storable = (text: string): boolean => !text.includes('\0') && text.isWellFormed();

/**
 * No invited email comes near this (254 characters, at most 1016 bytes in UTF-8 even lower-cased); longer text is
 * nobody's, and as the slow-down's key it would pass PostgreSQL's 2704-byte index limit (a 500).
 */
const MAX_EMAIL_BYTES = 2048;

/** Closed and expired sessions are kept this long (the sessions page shows open ones only), then deleted. */
const KEEP_OLD_SESSIONS_MS = 30 * 86_400_000;

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn, SignInResult> {
  constructor(
    private readonly queries: QueryBus,
    @Inject(SESSIONS) private readonly sessions: Sessions,
    @Inject(SIGN_IN_ATTEMPTS) private readonly attempts: SignInAttempts,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ email, password, merchantId, client }: SignIn): Promise<SignInResult> {
    if (!storable(email) || Buffer.byteLength(normalizeEmail(email)) > MAX_EMAIL_BYTES) return { kind: 'wrong' };
    const account = `cuenta:${normalizeEmail(email)}`;
    const address = `ip:${throttledAddress(client.ip)}`;
    const accountClaim = await this.claim(account, PER_ACCOUNT);
    if (accountClaim !== 0) return { kind: 'throttled', retryAfterSeconds: accountClaim };
    const addressClaim = await this.claim(address, PER_ADDRESS);
    if (addressClaim !== 0) {
      await this.release(account, PER_ACCOUNT);
      return { kind: 'throttled', retryAfterSeconds: addressClaim };
    }

    const matches = (await this.queries.execute(new VerifyPassword(email, password))).filter(
      (access) => merchantId === undefined || access.merchantId === merchantId,
    );
    // No match: the attempt stays counted as a failure on both records.
    if (matches.length === 0) return { kind: 'wrong' };
    await this.attempts.update(account, () => ({ next: null, result: undefined }));
    await this.release(address, PER_ADDRESS);
    const [only] = matches;
    if (!only || matches.length > 1) {
      return { kind: 'choose-merchant', merchants: matches.map((m) => ({ id: m.merchantId, nombre: m.merchantNombre })) };
    }
    await this.sessions.purge(new Date(this.clock.now().getTime() - KEEP_OLD_SESSIONS_MS));
    const session = await openSession(this.sessions, this.clock, only.person.id, client);
    // A reset that commits while the password is being checked ends every session, but not this one, which did not
    // exist yet: checked again now that it does. Either the reset's new hash is read here, or its closing of sessions
    // comes after this session was written and ends it; either way the old password opens nothing after a reset.
    const still = await this.queries.execute(new VerifyPassword(email, password));
    if (!still.some((access) => access.person.id === only.person.id)) {
      await this.sessions.close(only.person.id, { ids: [session.sessionId] }, this.clock.now());
      return { kind: 'wrong' };
    }
    return { kind: 'signed-in', session };
  }

  /** 0 when the attempt may go on; otherwise the seconds to wait. */
  private claim(key: string, policy: ThrottlePolicy): Promise<number> {
    return this.attempts.update(key, (record) => {
      const claim = claimAttempt(record, this.clock.now(), policy);
      return claim.allowed ? { next: claim.record, result: 0 } : { next: record, result: claim.retryAfterSeconds };
    });
  }

  private release(key: string, policy: ThrottlePolicy): Promise<void> {
    return this.attempts.update(key, (record) => ({ next: takeBack(record, this.clock.now(), policy), result: undefined }));
  }
}
