import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The link a person last used to set a password (an invitation or a reset): its SHA-256, which kind, and when. A double
 * click's second post of that link, moments later and with the password just set, signs in (docs/decisions.md
 * "Portal", "Posting twice"); the token itself is stored nowhere, and it opens nothing else.
 */
export class PeopleUsedLinks1764000000980 implements MigrationInterface {
  name = 'PeopleUsedLinks1764000000980';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE personas
        ADD COLUMN enlace_usado_hash bytea UNIQUE CHECK (octet_length(enlace_usado_hash) = 32),
        ADD COLUMN enlace_usado_tipo text CHECK (enlace_usado_tipo IN ('invitacion', 'restablecimiento')),
        ADD COLUMN enlace_usado_en   timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE personas DROP COLUMN enlace_usado_en, DROP COLUMN enlace_usado_tipo, DROP COLUMN enlace_usado_hash');
  }
}
