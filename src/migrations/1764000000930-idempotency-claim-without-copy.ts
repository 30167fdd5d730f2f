import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Idempotency-Key claim keeps a copy of the charge's ChargeCreated only where the claim and the event commit
 * apart (EventStoreDB: a crash between the two is completed from the copy). With the Postgres event store they are
 * one statement, so the event is in the log whenever the claim is, and the copy was the event written twice.
 */
export class IdempotencyClaimWithoutCopy1764000000930 implements MigrationInterface {
  name = 'IdempotencyClaimWithoutCopy1764000000930';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE idempotency_keys ALTER COLUMN created DROP NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE idempotency_keys ALTER COLUMN created SET NOT NULL');
  }
}
