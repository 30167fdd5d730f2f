import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sandbox provider's own records: it plays an outside processor, so it keeps its own tables. */
export class SandboxProvider1764000000300 implements MigrationInterface {
  name = 'SandboxProvider1764000000300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_sessions (
        id          text PRIMARY KEY,
        charge_id   uuid NOT NULL UNIQUE,
        merchant_id uuid NOT NULL,
        monto       bigint NOT NULL,
        moneda      text NOT NULL,
        referencia  text NOT NULL,
        descripcion text,
        estado      text NOT NULL DEFAULT 'abierta',
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE sandbox_sessions');
  }
}
