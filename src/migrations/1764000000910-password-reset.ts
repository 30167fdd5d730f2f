import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Password reset links for portal people (docs/decisions.md "Portal"): only the token's SHA-256 and its expiry. */
export class PasswordReset1764000000910 implements MigrationInterface {
  name = 'PasswordReset1764000000910';

  async up(db: QueryRunner): Promise<void> {
    // One live link per person: issuing a new one overwrites the hash, so the previous link stops working.
    await db.query(`
      ALTER TABLE personas
        ADD COLUMN restablecimiento_hash      bytea UNIQUE CHECK (octet_length(restablecimiento_hash) = 32),
        ADD COLUMN restablecimiento_expira_en timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE personas DROP COLUMN restablecimiento_expira_en, DROP COLUMN restablecimiento_hash');
  }
}
