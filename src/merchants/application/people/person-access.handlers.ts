import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/uuid.js';
import { InvitationExpired, InvitationNotValid, passwordProblem, ResetLinkExpired, ResetLinkNotValid, USED_LINK_REPEAT_MS, WeakPassword } from '../../domain/password.js';
import { normalizeEmail } from '../../domain/person.js';
import { PASSWORD_HASHER, type PasswordHasher } from '../ports/password-hasher.port.js';
import { PEOPLE, type People } from '../ports/people.port.js';
import {
  AcceptInvitation,
  GetPersonAccess,
  NamePeople,
  ResetPassword,
  VerifyPassword,
  ViewInvitation,
  ViewPasswordReset,
  ViewUsedLink,
  type InvitationView,
  type PersonAccess,
} from './person-access.commands.js';

const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

@QueryHandler(ViewInvitation)
export class ViewInvitationHandler implements IQueryHandler<ViewInvitation, InvitationView | null> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token }: ViewInvitation): Promise<InvitationView | null> {
    const found = await this.people.invitation(tokenHash(token));
    if (!found) return null;
    const { expiresAt, ...access } = found;
    return { ...access, expired: expiresAt.getTime() <= this.clock.now().getTime() };
  }
}

@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation, PersonAccess> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, password }: AcceptInvitation): Promise<PersonAccess> {
    const hash = tokenHash(token);
    const found = await this.people.invitation(hash);
    if (!found) throw new InvitationNotValid();
    const now = this.clock.now();
    if (found.expiresAt.getTime() <= now.getTime()) throw new InvitationExpired();
    const problem = passwordProblem(password, found.person.email);
    if (problem) throw new WeakPassword(problem);
    const accepted = await this.people.acceptInvitation(
      found.person.id,
      hash,
      await this.hasher.hash(password),
      { type: 'person', id: found.person.id },
      now,
    );
    // Two tabs accepting the same link: the first one wins, the second finds the link used.
    if (!accepted) throw new InvitationNotValid();
    return { person: accepted, merchantId: found.merchantId, merchantNombre: found.merchantNombre };
  }
}

@QueryHandler(ViewPasswordReset)
export class ViewPasswordResetHandler implements IQueryHandler<ViewPasswordReset, InvitationView | null> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token }: ViewPasswordReset): Promise<InvitationView | null> {
    const found = await this.people.passwordReset(tokenHash(token));
    if (!found) return null;
    const { expiresAt, ...access } = found;
    return { ...access, expired: expiresAt.getTime() <= this.clock.now().getTime() };
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword, PersonAccess> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, password }: ResetPassword): Promise<PersonAccess> {
    const hash = tokenHash(token);
    const found = await this.people.passwordReset(hash);
    if (!found) throw new ResetLinkNotValid();
    const now = this.clock.now();
    if (found.expiresAt.getTime() <= now.getTime()) throw new ResetLinkExpired();
    const problem = passwordProblem(password, found.person.email);
    if (problem) throw new WeakPassword(problem);
    const reset = await this.people.resetPassword(found.person.id, hash, await this.hasher.hash(password), { type: 'person', id: found.person.id }, now);
    // Two tabs with the same link: the first one wins, the second finds the link used.
    if (!reset) throw new ResetLinkNotValid();
    return { person: reset, merchantId: found.merchantId, merchantNombre: found.merchantNombre };
  }
}

@QueryHandler(ViewUsedLink)
export class ViewUsedLinkHandler implements IQueryHandler<ViewUsedLink, PersonAccess | null> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ token, kind, anyTime }: ViewUsedLink): Promise<PersonAccess | null> {
    const since = anyTime ? new Date(0) : new Date(this.clock.now().getTime() - USED_LINK_REPEAT_MS);
    return this.people.usedLink(tokenHash(token), kind, since);
  }
}

@QueryHandler(VerifyPassword)
export class VerifyPasswordHandler implements IQueryHandler<VerifyPassword, PersonAccess[]> {
  private decoy: Promise<string> | undefined;

  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(PASSWORD_HASHER) private readonly hasher: PasswordHasher,
  ) {}

  async execute({ email, password }: VerifyPassword): Promise<PersonAccess[]> {
    const candidates = await this.people.credentials(normalizeEmail(email));
    if (candidates.length === 0) {
      // An unknown email costs the same hash as a known one, so timing does not tell which emails have access.
      this.decoy ??= this.hasher.hash('pasarela-decoy-password');
      await this.hasher.verify(await this.decoy, password);
      return [];
    }
    const matches: PersonAccess[] = [];
    for (const { passwordHash, ...access } of candidates) {
      if (await this.hasher.verify(passwordHash, password)) matches.push(access);
    }
    return matches;
  }
}

@QueryHandler(GetPersonAccess)
export class GetPersonAccessHandler implements IQueryHandler<GetPersonAccess, PersonAccess | null> {
  constructor(@Inject(PEOPLE) private readonly people: People) {}

  execute({ personId }: GetPersonAccess): Promise<PersonAccess | null> {
    return isUuid(personId) ? this.people.access(personId) : Promise.resolve(null);
  }
}

@QueryHandler(NamePeople)
export class NamePeopleHandler implements IQueryHandler<NamePeople, Record<string, string>> {
  constructor(@Inject(PEOPLE) private readonly people: People) {}

  execute({ merchantId, personIds }: NamePeople): Promise<Record<string, string>> {
    const ids = personIds.filter(isUuid);
    return ids.length === 0 ? Promise.resolve({}) : this.people.names(merchantId, ids);
  }
}

export const PERSON_ACCESS_HANDLERS = [
  ViewInvitationHandler,
  AcceptInvitationHandler,
  ViewPasswordResetHandler,
  ResetPasswordHandler,
  ViewUsedLinkHandler,
  VerifyPasswordHandler,
  GetPersonAccessHandler,
  NamePeopleHandler,
];
