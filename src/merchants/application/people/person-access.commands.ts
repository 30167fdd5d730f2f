// How a person gets into the portal (DESIGN.md 5.17): accept the invitation by choosing a password, then sign in with
// email and password. The portal asks these; the people, their passwords and invitations stay in this context.
import { Command, Query } from '@nestjs/cqrs';
import type { Person } from '../../domain/person.js';

/** The links that set a password. */
export type UsedLinkKind = 'invitacion' | 'restablecimiento';

/** A live person with a password, and the merchant it gives access to. */
export interface PersonAccess {
  person: Person;
  merchantId: string;
  merchantNombre: string;
}

export interface InvitationView extends PersonAccess {
  expired: boolean;
}

/** What an invitation link is for; null when it is unknown, used or withdrawn. */
export class ViewInvitation extends Query<InvitationView | null> {
  constructor(readonly token: string) {
    super();
  }
}

/** Sets the person's password (argon2id) and makes them `activa`; the link stops working. */
export class AcceptInvitation extends Command<PersonAccess> {
  constructor(
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}

/** What a password reset link is for; null when it is unknown, used or replaced. */
export class ViewPasswordReset extends Query<InvitationView | null> {
  constructor(readonly token: string) {
    super();
  }
}

/** Replaces the person's password with a new one (argon2id); the link stops working. Ending sessions is the caller's. */
export class ResetPassword extends Command<PersonAccess> {
  constructor(
    readonly token: string,
    readonly password: string,
  ) {
    super();
  }
}

/**
 * Who used this invitation (or reset) link moments ago (within USED_LINK_REPEAT_MS, by the clock): the person its
 * second post may sign in, with the password it set (checked as a sign-in checks it). Null otherwise.
 * `anyTime`: whenever it was used (its person's last used link), for a page that only asks whether a signed-in
 * person is the one who used it (Back after using it), never to sign anyone in.
 */
export class ViewUsedLink extends Query<PersonAccess | null> {
  constructor(
    readonly token: string,
    readonly kind: UsedLinkKind,
    readonly anyTime = false,
  ) {
    super();
  }
}

/** Every access this email and password open (an email can belong to several merchants); empty when none. */
export class VerifyPassword extends Query<PersonAccess[]> {
  constructor(
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}

/** The person's access as it is now (role changes count at once); null once removed. */
export class GetPersonAccess extends Query<PersonAccess | null> {
  constructor(readonly personId: string) {
    super();
  }
}

/** The names of a merchant's people by id, the removed ones included, to say who changed something. */
export class NamePeople extends Query<Record<string, string>> {
  constructor(
    readonly merchantId: string,
    readonly personIds: string[],
  ) {
    super();
  }
}
