import type { MigrationInterface, QueryRunner } from 'typeorm';

/** People with portal access (DESIGN.md 5.17): invited with a role, and every change with who and when (5.18). */
export class People1764000000800 implements MigrationInterface {
  name = 'People1764000000800';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE personas (
        id                   uuid PRIMARY KEY,
        merchant_id          uuid NOT NULL REFERENCES merchants (id),
        email                text NOT NULL,
        nombre               text NOT NULL,
        rol                  text NOT NULL CHECK (rol IN ('administrador', 'lectura')),
        password_hash        text,
        invitacion_hash      bytea UNIQUE,
        invitacion_expira_en timestamptz,
        creado_en            timestamptz NOT NULL,
        creado_por           jsonb NOT NULL,
        actualizado_en       timestamptz NOT NULL,
        actualizado_por      jsonb NOT NULL,
        eliminada_en         timestamptz
      )`);
    // One live access per email and merchant; a removed person can be invited again.
    await db.query('CREATE UNIQUE INDEX personas_email ON personas (merchant_id, email) WHERE eliminada_en IS NULL');
    await db.query(`
      CREATE TABLE personas_cambios (
        id          bigserial PRIMARY KEY,
        persona_id  uuid NOT NULL REFERENCES personas (id),
        merchant_id uuid NOT NULL,
        accion      text NOT NULL,
        antes       jsonb,
        despues     jsonb,
        actor       jsonb NOT NULL,
        cambiado_en timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX personas_cambios_merchant ON personas_cambios (merchant_id, cambiado_en)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE personas_cambios');
    await db.query('DROP TABLE personas');
  }
}
