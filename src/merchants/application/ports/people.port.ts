// People of a merchant, kept with the history of every change (who, when, before, after).
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { Person } from '../../domain/person.js';

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

export interface People {
  list(merchantId: string): Promise<Person[]>;
  /** False when the email already has live access for this merchant. */
  invite(person: NewPerson, actor: Actor, at: Date): Promise<Person | false>;
  /**
   * Applies `change` to one person under a lock on the merchant's people, so that two concurrent changes cannot both
   * pass the last-administrator rule. `decide` sees the person and the number of administrators, and may throw.
   */
  change(
    merchantId: string,
    personId: string,
    decide: (person: Person, administrators: number) => MerchantRole | 'removed',
    actor: Actor,
    at: Date,
  ): Promise<Person | null>;
}
