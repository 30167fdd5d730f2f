// People of a merchant, kept with the history of every change (who, when, before, after).
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { ActingRole, ActorCheck } from '../../../kernel/acting-person.js';
import type { Administrators, Person } from '../../domain/person.js';
import type { PersonAccess, UsedLinkKind } from '../people/person-access.commands.js';

export const PEOPLE = Symbol('People');

export interface NewPerson {
  id: string;
  merchantId: string;
  email: string;
  nombre: string;
  rol: MerchantRole;
  /** SHA-256 of the invitation token: the token itself is only in the link. */
  invitationHash: Buffer;
  invitationExpiresAt: Date;
}

/** A pending invitation or password reset, found by the hash of its token. */
export interface FoundInvitation extends PersonAccess {
  expiresAt: Date;
}

/** A person who can sign in, with the stored hash to check a password against. */
export interface PersonCredential extends PersonAccess {
  passwordHash: string;
}

/** An invited person; `replaced` says whether this renewed an invitation not yet accepted, and whether its link still worked. */
export interface InvitedPerson {
  person: Person;
  replaced: 'live' | 'expired' | null;
}

/** A person as the lists show them: with when the invitation was accepted (null while invitada). */
export interface ListedPerson extends Person {
  activadaEn: string | null;
}

export interface People {
  /** The merchant's live people, oldest first; an unknown merchant has none. */
  list(merchantId: string): Promise<ListedPerson[]>;
  /**
   * Invites, or renews an invitation not yet accepted with the same role (new link and name, the old link stops
   * working), once `check` accepts the actor's role, read under the merchant lock (it may throw); false when the email
   * has access for this merchant, or an invitation with another role.
   */
  invite(person: NewPerson, actor: Actor, at: Date, check: ActorCheck): Promise<InvitedPerson | false>;
  /**
   * Applies `change` to one person under a lock on the merchant's people, so that two concurrent changes cannot both
   * pass the last-administrator rule. `decide` sees the person, the number of administrators and, when the actor is a
   * person, that person's role as it is under the lock (null when gone); it may throw.
   */
  change(
    merchantId: string,
    personId: string,
    decide: (person: Person, administrators: Administrators, acting: ActingRole) => MerchantRole | 'removed',
    actor: Actor,
    at: Date,
  ): Promise<Person | null>;
  /** The live person whose invitation token hashes to `hash` (expired or not); null when none. */
  invitation(hash: Buffer): Promise<FoundInvitation | null>;
  /**
   * Sets the password and consumes the invitation, if it is still that person's unexpired invitation at `at`, with a
   * history row; null when it is not (used meanwhile, withdrawn or expired).
   */
  acceptInvitation(personId: string, hash: Buffer, passwordHash: string, actor: Actor, at: Date): Promise<Person | null>;
  /**
   * Stores a reset link's hash and expiry for a live person of this merchant (any merchant when null), replacing any
   * previous link, with a history row; 'invitada' when the person has no password yet, null when there is no such person.
   */
  issueReset(merchantId: string | null, personId: string, hash: Buffer, expiresAt: Date, actor: Actor, at: Date, check: ActorCheck): Promise<Person | 'invitada' | null>;
  /** The live person whose reset token hashes to `hash` (expired or not); null when none. */
  passwordReset(hash: Buffer): Promise<FoundInvitation | null>;
  /**
   * Replaces the password and consumes the reset link, if it is still that person's unexpired link at `at`, with a
   * history row; null when it is not (used, replaced or expired meanwhile).
   */
  resetPassword(personId: string, hash: Buffer, passwordHash: string, actor: Actor, at: Date): Promise<Person | null>;
  /**
   * The live person with a password who used the `kind` of link whose token hashes to `hash` after `since`; null
   * otherwise (each person keeps only the last link used).
   */
  usedLink(hash: Buffer, kind: UsedLinkKind, since: Date): Promise<PersonAccess | null>;
  /** Every live person with this (normalised) email and a password, of any merchant. */
  credentials(email: string): Promise<PersonCredential[]>;
  /** A live person with a password; null otherwise. */
  access(personId: string): Promise<PersonAccess | null>;
  /** Names by id of a merchant's people, removed ones included. */
  names(merchantId: string, personIds: string[]): Promise<Record<string, string>>;
}
