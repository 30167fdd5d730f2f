// A person's write is judged again under the merchant row's lock, the lock every change to people takes: the portal's
// guard reads the role when the request arrives, and a person demoted or removed a moment later must not still write
// (docs/decisions.md, "The acting person's role is read again under that lock"). Keys and the operator are judged at
// their own door.
import type { Actor } from './actor.js';
import { DomainError } from './errors.js';
import type { MerchantRole } from './principal.js';

/** The acting person's role as the lock sees it: null when their access is gone; `not-a-person` for a key or the operator. */
export type ActingRole = MerchantRole | null | 'not-a-person';

/** Decides, under the lock, whether the actor may still make the write; throws to refuse (nothing is written). */
export type ActorCheck = (acting: ActingRole) => void;

/** Anything that runs a statement in the caller's transaction (a TypeORM QueryRunner or EntityManager). */
export interface InTransaction {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/**
 * In the caller's open transaction: for a person, locks the merchant row (`FOR UPDATE`, as people changes do) and
 * reads their role after the lock, so a demotion or removal committed first is seen (READ COMMITTED: each statement
 * sees what committed before it). Other actors take no lock.
 */
export async function actingRoleUnderLock(tx: InTransaction, merchantId: string, actor: Actor): Promise<ActingRole> {
  if (actor.type !== 'person') return 'not-a-person';
  await tx.query('SELECT 1 FROM merchants WHERE id = $1 FOR UPDATE', [merchantId]);
  const rows = (await tx.query(
    `SELECT rol FROM personas WHERE id = $1 AND merchant_id = $2 AND eliminada_en IS NULL AND password_hash IS NOT NULL`,
    [actor.id, merchantId],
  )) as { rol: MerchantRole }[];
  return rows[0]?.rol ?? null;
}

/** A person demoted to `lectura` while their write was on its way: 403, like any read-only write. */
export class ActingPersonDemoted extends DomainError {
  constructor() {
    super('forbidden', 'forbidden_role', 'Your role is read-only (lectura) now; nothing was changed');
  }
}

/** A person whose access was removed while their write was on its way: they must sign in (and cannot any more). */
export class ActingPersonRemoved extends DomainError {
  constructor() {
    super('unauthorized', 'access_removed', 'Your access to this merchant was removed; nothing was changed');
  }
}

/** The rule for every write a role gates: only an administrator still in place writes. */
export const administratorsOnly: ActorCheck = (acting) => {
  if (acting === 'not-a-person' || acting === 'administrador') return;
  throw acting === null ? new ActingPersonRemoved() : new ActingPersonDemoted();
};
