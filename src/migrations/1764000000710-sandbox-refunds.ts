// The sandbox provider's refunds (its own table, like its other records): one per session, always the whole amount.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SandboxRefunds1764000000710 implements MigrationInterface {
  name = 'SandboxRefunds1764000000710';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_refunds (
        id          text PRIMARY KEY,
        session_id  text NOT NULL UNIQUE REFERENCES sandbox_sessions (id),
        attempt_id  text NOT NULL REFERENCES sandbox_attempts (id),
        monto       bigint NOT NULL,
        creado_en   timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE sandbox_refunds');
  }
}
