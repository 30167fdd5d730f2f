// The people use cases (DESIGN.md 5.17): invite, change a role, remove access, list. Small enough to share a folder.
import { Command, Query } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { Person } from '../../domain/person.js';
import type { ListedPerson } from '../ports/people.port.js';

export interface Invitation {
  person: Person;
  /** The link that lets the person set a password; shown only in this answer (no mail server is assumed). */
  url: string;
  expiresAt: string;
  /**
   * This renewed an invitation not yet accepted: 'live' when its link still worked until now (a double click, or
   * inviting again on purpose), 'expired' when it had run out; null for a new invitation. Not in the API's answer.
   */
  replaced: 'live' | 'expired' | null;
}

export class InvitePerson extends Command<Invitation> {
  constructor(
    readonly merchantId: string,
    readonly email: string,
    readonly nombre: string,
    readonly rol: MerchantRole,
    readonly actor: Actor,
  ) {
    super();
  }
}

export class ChangePersonRole extends Command<Person> {
  constructor(
    readonly merchantId: string,
    readonly personId: string,
    readonly rol: MerchantRole,
    readonly actor: Actor,
  ) {
    super();
  }
}

export class RemovePerson extends Command<void> {
  constructor(
    readonly merchantId: string,
    readonly personId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}

/** A merchant's live people, oldest first (none for an unknown merchant: the caller checks the merchant when it must). */
export class ListPeople extends Query<ListedPerson[]> {
  constructor(readonly merchantId: string) {
    super();
  }
}

export interface PasswordResetLink {
  person: Person;
  /** The link that lets the person choose a new password; shown only in this answer, like an invitation's. */
  url: string;
  expiresAt: string;
}

/**
 * Issues a one-time link for an `activa` person to choose a new password; a new link replaces the previous one.
 * `merchantId` null: the operator, who may reach any merchant's person.
 */
export class IssuePasswordReset extends Command<PasswordResetLink> {
  constructor(
    readonly merchantId: string | null,
    readonly personId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
