import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency-Keys, per merchant, bound to their charge for the charge's whole life (DESIGN.md 5.3). */
export class IdempotencyKeys1764000000400 implements MigrationInterface {
  name = 'IdempotencyKeys1764000000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE idempotency_keys (
        merchant_id  uuid NOT NULL,
        idem_key     text NOT NULL,
        fingerprint  text NOT NULL,
        charge_id    uuid NOT NULL UNIQUE,
        created      jsonb NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (merchant_id, idem_key)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE idempotency_keys');
  }
}
