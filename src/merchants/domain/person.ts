// People with access to the merchant's portal (spec "Person", DESIGN.md 5.17): a role each, and a merchant that has
// people always keeps at least one administrator.
import type { MerchantRole } from '../../kernel/principal.js';
import { DomainError } from '../../kernel/errors.js';

export type PersonState = 'invitada' | 'activa';

export interface Person {
  id: string;
  email: string;
  nombre: string;
  rol: MerchantRole;
  estado: PersonState;
  creadoEn: string;
  /** While invitada: when the invitation's link stops working (inviting the same email again renews one past it). */
  invitacionExpiraEn: string | null;
}

/** Emails compare without case or surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 7;

/** The merchant's administrators: all of them, and those who can sign in (an invitation may never be accepted). */
export interface Administrators {
  total: number;
  active: number;
}

/**
 * True when the change leaves the merchant with people but none an administrator (409). The last administrator who
 * can sign in can be neither demoted nor removed while others are only invited; an invited one can, while someone
 * else is administrator.
 */
export function leavesNoAdministrator(administrators: Administrators, target: Person, newRole: MerchantRole | 'removed'): boolean {
  if (target.rol !== 'administrador' || newRole === 'administrador') return false;
  return target.estado === 'activa' ? administrators.active <= 1 : administrators.total <= 1;
}

export class LastAdministrator extends DomainError {
  constructor() {
    super('conflict', 'last_administrator', 'The last administrator who can sign in cannot be removed or demoted (an invited one counts once the invitation is accepted); make someone else with access administrator first');
  }
}

export class PersonExists extends DomainError {
  constructor() {
    super('conflict', 'person_exists', 'This email already has access to the portal');
  }
}

export class PersonNotFound extends DomainError {
  constructor() {
    super('not_found', 'not_found', 'Person not found');
  }
}

/** A password reset is for a person who has a password; one still `invitada` uses (or gets again) the invitation. */
export class PersonNotActive extends DomainError {
  constructor() {
    super('conflict', 'person_not_active', 'This person has not accepted the invitation yet: the invitation link sets the password (if it was lost, invite the same email again with the same role: a new link replaces it)');
  }
}
