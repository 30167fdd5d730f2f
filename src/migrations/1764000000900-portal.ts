import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The portal's sessions and its sign-in attempt counts (DESIGN.md 5.17; docs/decisions.md "Portal"). */
export class Portal1764000000900 implements MigrationInterface {
  name = 'Portal1764000000900';

  async up(db: QueryRunner): Promise<void> {
    // token_hash: SHA-256 of the cookie's token; the token itself is only in the person's browser.
    await db.query(`
      CREATE TABLE portal_sesiones (
        id          uuid PRIMARY KEY,
        token_hash  bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
        persona_id  uuid NOT NULL REFERENCES personas (id),
        csrf        text NOT NULL,
        creada_en   timestamptz NOT NULL,
        vista_en    timestamptz NOT NULL,
        cerrada_en  timestamptz,
        ip          text NOT NULL,
        agente      text NOT NULL
      )`);
    await db.query('CREATE INDEX portal_sesiones_persona ON portal_sesiones (persona_id) WHERE cerrada_en IS NULL');
    await db.query('CREATE INDEX portal_sesiones_creada ON portal_sesiones (creada_en)');
    // clave: 'cuenta:<email>' or 'ip:<address>'.
    await db.query(`
      CREATE TABLE portal_intentos_ingreso (
        clave          text PRIMARY KEY,
        fallos         integer NOT NULL CHECK (fallos >= 0),
        ultimo_intento timestamptz NOT NULL,
        espera_hasta   timestamptz
      )`);
    // Sign-in looks people up by email across merchants; the people table's own index leads with the merchant.
    await db.query('CREATE INDEX personas_email_ingreso ON personas (email) WHERE eliminada_en IS NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX personas_email_ingreso');
    await db.query('DROP TABLE portal_intentos_ingreso');
    await db.query('DROP TABLE portal_sesiones');
  }
}
