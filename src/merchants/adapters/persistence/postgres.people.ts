// People of a merchant in PostgreSQL, each change written with its history row in the same statement or transaction.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../../kernel/actor.js';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { FoundInvitation, InvitedPerson, ListedPerson, NewPerson, People, PersonCredential } from '../../application/ports/people.port.js';
import type { PersonAccess, UsedLinkKind } from '../../application/people/person-access.commands.js';
import { actingRoleUnderLock, type ActingRole, type ActorCheck } from '../../../kernel/acting-person.js';
import type { Administrators, Person } from '../../domain/person.js';
import { inTransaction, once, run } from './sql.js';

interface PersonRow {
  id: string;
  email: string;
  nombre: string;
  rol: MerchantRole;
  password_hash: string | null;
  creado_en: Date;
  invitacion_expira_en: Date | null;
}

const COLUMNS = 'id, email, nombre, rol, password_hash, creado_en, invitacion_expira_en';

const toPerson = (row: PersonRow): Person => ({
  id: row.id,
  email: row.email,
  nombre: row.nombre,
  rol: row.rol,
  estado: row.password_hash === null ? 'invitada' : 'activa',
  creadoEn: row.creado_en.toISOString(),
  invitacionExpiraEn: row.password_hash === null && row.invitacion_expira_en ? row.invitacion_expira_en.toISOString() : null,
});

interface AccessRow extends PersonRow {
  merchant_id: string;
  merchant_nombre: string;
  restablecimiento_expira_en: Date | null;
}

// A person with the merchant it belongs to: what sign-in, invitations and sessions need in one read.
const ACCESS_SQL = `
  SELECT p.id, p.email, p.nombre, p.rol, p.password_hash, p.creado_en, p.invitacion_expira_en, p.restablecimiento_expira_en,
         p.merchant_id, m.nombre AS merchant_nombre
    FROM personas p JOIN merchants m ON m.id = p.merchant_id`;

const toAccess = (row: AccessRow): PersonAccess => ({ person: toPerson(row), merchantId: row.merchant_id, merchantNombre: row.merchant_nombre });

const snapshot = (person: Person): Record<string, string> => ({ email: person.email, nombre: person.nombre, rol: person.rol });

@Injectable()
export class PostgresPeople implements People {
  constructor(private readonly db: DataSource) {}

  async list(merchantId: string): Promise<ListedPerson[]> {
    // Accepting an invitation writes one 'activada' history row (acceptInvitation): its time is the activation's.
    const { rows } = await once<PersonRow & { activada_en: Date | null }>(
      this.db,
      `SELECT ${COLUMNS},
              (SELECT min(c.cambiado_en) FROM personas_cambios c
                WHERE c.merchant_id = $1 AND c.persona_id = personas.id AND c.accion = 'activada') AS activada_en
         FROM personas WHERE merchant_id = $1 AND eliminada_en IS NULL ORDER BY creado_en, id`,
      [merchantId],
    );
    return rows.map((row) => ({ ...toPerson(row), activadaEn: row.password_hash !== null && row.activada_en ? row.activada_en.toISOString() : null }));
  }

  async invite(person: NewPerson, actor: Actor, at: Date, check: ActorCheck): Promise<InvitedPerson | false> {
    return inTransaction(this.db, async (runner) => {
      check(await actingRoleUnderLock(runner, person.merchantId, actor));
      const { rows } = await run<PersonRow & { renewed: boolean; was_live: boolean }>(
        runner,
        `WITH before AS (
         SELECT invitacion_expira_en FROM personas WHERE merchant_id = $2 AND email = $3 AND eliminada_en IS NULL),
       p AS (
         INSERT INTO personas (id, merchant_id, email, nombre, rol, invitacion_hash, invitacion_expira_en,
                               creado_en, creado_por, actualizado_en, actualizado_por)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)
         -- An invitation not yet accepted (live or expired) is renewed (same person, new link and name, the old link
         -- unknown from now on) when asked again with the same role; anyone else with the email (signed up, or
         -- invited with another role) is person_exists.
         ON CONFLICT (merchant_id, email) WHERE eliminada_en IS NULL DO UPDATE
           SET nombre = EXCLUDED.nombre, invitacion_hash = EXCLUDED.invitacion_hash,
               invitacion_expira_en = EXCLUDED.invitacion_expira_en,
               actualizado_en = EXCLUDED.actualizado_en, actualizado_por = EXCLUDED.actualizado_por
           WHERE personas.password_hash IS NULL AND personas.rol = EXCLUDED.rol
             -- Only by a request newer than the invitation's last write: of a double click's two posts, the one the
             -- browser shows (the later) must hold the live link, whichever statement the database runs first.
             AND personas.actualizado_en <= EXCLUDED.creado_en
         RETURNING ${COLUMNS}, merchant_id, (xmax <> 0) AS renewed),
       c AS (
         INSERT INTO personas_cambios (persona_id, merchant_id, accion, despues, actor, cambiado_en)
         SELECT id, merchant_id, 'invitada', jsonb_build_object('email', email, 'nombre', nombre, 'rol', rol), $9, $8 FROM p)
       -- Renewed and not in this statement's snapshot: a concurrent post (a double click) invited them a moment ago.
       SELECT ${COLUMNS}, renewed,
              renewed AND NOT EXISTS (SELECT 1 FROM before WHERE before.invitacion_expira_en <= $8) AS was_live
         FROM p`,
      [person.id, person.merchantId, person.email, person.nombre, person.rol, person.invitationHash, person.invitationExpiresAt, at, JSON.stringify(actor)],
      );
      const row = rows[0];
      return row ? { person: toPerson(row), replaced: row.renewed ? (row.was_live ? 'live' : 'expired') : null } : false;
    });
  }

  async change(
    merchantId: string,
    personId: string,
    decide: (person: Person, administrators: Administrators, acting: ActingRole) => MerchantRole | 'removed',
    actor: Actor,
    at: Date,
  ): Promise<Person | null> {
    const outcome = await inTransaction(this.db, async (runner) => {
      // The merchant row is the lock for its people: concurrent changes run one after the other.
      const merchant = await run(runner, 'SELECT id FROM merchants WHERE id = $1 FOR UPDATE', [merchantId]);
      if (merchant.rows.length === 0) return null;
      const { rows } = await run<PersonRow>(
        runner,
        `SELECT ${COLUMNS} FROM personas WHERE merchant_id = $1 AND eliminada_en IS NULL`,
        [merchantId],
      );
      const row = rows.find((r) => r.id === personId);
      if (!row) return null;
      const person = toPerson(row);
      const admins = rows.map(toPerson).filter((p) => p.rol === 'administrador');
      // The acting person's role as it is now, under the lock: a request that passed its door's role check just
      // before a concurrent change lowered or removed them must not act as an administrator any more.
      const acting: ActingRole =
        actor.type === 'person' ? (rows.find((r) => r.id === actor.id && r.password_hash !== null)?.rol ?? null) : 'not-a-person';
      const next = decide(person, { total: admins.length, active: admins.filter((p) => p.estado === 'activa').length }, acting);
      if (next === person.rol) return person;
      const removed = next === 'removed';
      const after: Person = removed ? person : { ...person, rol: next };
      await run(
        runner,
        removed
          ? 'UPDATE personas SET eliminada_en = $2, invitacion_hash = NULL, actualizado_en = $2, actualizado_por = $3 WHERE id = $1'
          : 'UPDATE personas SET rol = $4, actualizado_en = $2, actualizado_por = $3 WHERE id = $1',
        removed ? [personId, at, JSON.stringify(actor)] : [personId, at, JSON.stringify(actor), next],
      );
      await run(
        runner,
        `INSERT INTO personas_cambios (persona_id, merchant_id, accion, antes, despues, actor, cambiado_en)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [personId, merchantId, removed ? 'eliminada' : 'rol', JSON.stringify(snapshot(person)), removed ? null : JSON.stringify(snapshot(after)), JSON.stringify(actor), at],
      );
      return after;
    });
    return outcome === false ? null : outcome;
  }

  async invitation(hash: Buffer): Promise<FoundInvitation | null> {
    const { rows } = await once<AccessRow>(this.db, `${ACCESS_SQL} WHERE p.invitacion_hash = $1 AND p.eliminada_en IS NULL`, [hash]);
    const row = rows[0];
    if (!row || row.invitacion_expira_en === null) return null;
    return { ...toAccess(row), expiresAt: row.invitacion_expira_en };
  }

  async acceptInvitation(personId: string, hash: Buffer, passwordHash: string, actor: Actor, at: Date): Promise<Person | null> {
    const { rows } = await once<PersonRow>(
      this.db,
      `WITH p AS (
         UPDATE personas
            SET password_hash = $3, invitacion_hash = NULL, invitacion_expira_en = NULL, actualizado_en = $5, actualizado_por = $4,
                enlace_usado_hash = $2, enlace_usado_tipo = 'invitacion', enlace_usado_en = $5
          WHERE id = $1 AND invitacion_hash = $2 AND eliminada_en IS NULL AND invitacion_expira_en > $5
         RETURNING ${COLUMNS}, merchant_id),
       c AS (
         INSERT INTO personas_cambios (persona_id, merchant_id, accion, despues, actor, cambiado_en)
         SELECT id, merchant_id, 'activada', jsonb_build_object('email', email, 'nombre', nombre, 'rol', rol), $4, $5 FROM p)
       SELECT ${COLUMNS} FROM p`,
      [personId, hash, passwordHash, JSON.stringify(actor), at],
    );
    return rows[0] ? toPerson(rows[0]) : null;
  }

  async issueReset(merchantId: string | null, personId: string, hash: Buffer, expiresAt: Date, actor: Actor, at: Date, check: ActorCheck): Promise<Person | 'invitada' | null> {
    const outcome = await inTransaction(this.db, async (runner) => {
      check(merchantId === null ? 'not-a-person' : await actingRoleUnderLock(runner, merchantId, actor));
      const { rows } = await run<PersonRow & { merchant_id: string }>(
        runner,
        `SELECT ${COLUMNS}, merchant_id FROM personas
          WHERE id = $1 AND ($2::uuid IS NULL OR merchant_id = $2) AND eliminada_en IS NULL FOR UPDATE`,
        [personId, merchantId],
      );
      const row = rows[0];
      if (!row) return null;
      if (row.password_hash === null) return 'invitada' as const;
      await run(
        runner,
        `UPDATE personas SET restablecimiento_hash = $2, restablecimiento_expira_en = $3, actualizado_en = $4, actualizado_por = $5
          WHERE id = $1`,
        [personId, hash, expiresAt, at, JSON.stringify(actor)],
      );
      // The history says who issued a reset and when; the link itself is never written anywhere but the answer.
      await run(
        runner,
        `INSERT INTO personas_cambios (persona_id, merchant_id, accion, despues, actor, cambiado_en)
         VALUES ($1, $2, 'restablecimiento_emitido', $3, $4, $5)`,
        [personId, row.merchant_id, JSON.stringify({ ...snapshot(toPerson(row)), expiraEn: expiresAt.toISOString() }), JSON.stringify(actor), at],
      );
      return toPerson(row);
    });
    return outcome === false ? null : outcome;
  }

  async passwordReset(hash: Buffer): Promise<FoundInvitation | null> {
    const { rows } = await once<AccessRow>(
      this.db,
      `${ACCESS_SQL} WHERE p.restablecimiento_hash = $1 AND p.eliminada_en IS NULL AND p.password_hash IS NOT NULL`,
      [hash],
    );
    const row = rows[0];
    if (!row || row.restablecimiento_expira_en === null) return null;
    return { ...toAccess(row), expiresAt: row.restablecimiento_expira_en };
  }

  async resetPassword(personId: string, hash: Buffer, passwordHash: string, actor: Actor, at: Date): Promise<Person | null> {
    const { rows } = await once<PersonRow>(
      this.db,
      `WITH p AS (
         UPDATE personas
            SET password_hash = $3, restablecimiento_hash = NULL, restablecimiento_expira_en = NULL,
                actualizado_en = $5, actualizado_por = $4,
                enlace_usado_hash = $2, enlace_usado_tipo = 'restablecimiento', enlace_usado_en = $5
          WHERE id = $1 AND restablecimiento_hash = $2 AND eliminada_en IS NULL AND password_hash IS NOT NULL
            AND restablecimiento_expira_en > $5
         RETURNING ${COLUMNS}, merchant_id),
       c AS (
         INSERT INTO personas_cambios (persona_id, merchant_id, accion, despues, actor, cambiado_en)
         SELECT id, merchant_id, 'contrasena_restablecida', jsonb_build_object('email', email, 'nombre', nombre, 'rol', rol), $4, $5 FROM p)
       SELECT ${COLUMNS} FROM p`,
      [personId, hash, passwordHash, JSON.stringify(actor), at],
    );
    return rows[0] ? toPerson(rows[0]) : null;
  }

  async usedLink(hash: Buffer, kind: UsedLinkKind, since: Date): Promise<PersonAccess | null> {
    const { rows } = await once<AccessRow>(
      this.db,
      `${ACCESS_SQL} WHERE p.enlace_usado_hash = $1 AND p.enlace_usado_tipo = $2 AND p.enlace_usado_en > $3
          AND p.eliminada_en IS NULL AND p.password_hash IS NOT NULL`,
      [hash, kind, since],
    );
    return rows[0] ? toAccess(rows[0]) : null;
  }

  async credentials(email: string): Promise<PersonCredential[]> {
    const { rows } = await once<AccessRow>(
      this.db,
      `${ACCESS_SQL} WHERE p.email = $1 AND p.eliminada_en IS NULL AND p.password_hash IS NOT NULL ORDER BY m.nombre, m.id`,
      [email],
    );
    return rows.map((row) => ({ ...toAccess(row), passwordHash: row.password_hash ?? '' }));
  }

  async access(personId: string): Promise<PersonAccess | null> {
    const { rows } = await once<AccessRow>(
      this.db,
      `${ACCESS_SQL} WHERE p.id = $1 AND p.eliminada_en IS NULL AND p.password_hash IS NOT NULL`,
      [personId],
    );
    return rows[0] ? toAccess(rows[0]) : null;
  }

  async names(merchantId: string, personIds: string[]): Promise<Record<string, string>> {
    const { rows } = await once<{ id: string; nombre: string }>(
      this.db,
      'SELECT id, nombre FROM personas WHERE merchant_id = $1 AND id = ANY($2::uuid[])',
      [merchantId, personIds],
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.nombre]));
  }
}
