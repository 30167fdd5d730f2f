import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sandbox provider's payments: attempts (PSE, card, cash), card tokens, card forms and the notices it sends.
 * It plays an outside processor, so these are its own tables; the service never reads them. No card number is
 * stored anywhere: a token keeps the brand, the last four digits and what the test card decides.
 */
export class SandboxPayments1764000000500 implements MigrationInterface {
  name = 'SandboxPayments1764000000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sandbox_attempts (
        id           text PRIMARY KEY,
        session_id   text NOT NULL REFERENCES sandbox_sessions (id),
        metodo       text NOT NULL CHECK (metodo IN ('pse', 'tarjeta', 'efectivo')),
        estado       text NOT NULL CHECK (estado IN ('iniciado', 'procesando', 'aprobado', 'rechazado', 'cancelado')),
        motivo       text,
        banco        text,
        pagador      jsonb,
        propio       boolean NOT NULL DEFAULT false,
        url_retorno  text,
        decidir_en   timestamptz,
        tarjeta      jsonb,
        referencia_efectivo text UNIQUE,
        convenio     text,
        vence_en     timestamptz,
        creado_en    timestamptz NOT NULL,
        decidido_en  timestamptz
      )`);
    // A session is paid or refused once; and it has at most one payment under way at a time.
    await db.query(`CREATE UNIQUE INDEX sandbox_attempts_one_decided ON sandbox_attempts (session_id)
                    WHERE estado IN ('aprobado', 'rechazado')`);
    await db.query(`CREATE UNIQUE INDEX sandbox_attempts_one_open ON sandbox_attempts (session_id)
                    WHERE estado IN ('iniciado', 'procesando')`);
    await db.query(`CREATE INDEX sandbox_attempts_due ON sandbox_attempts (decidir_en) WHERE estado = 'procesando'`);
    await db.query(`
      CREATE TABLE sandbox_card_forms (
        id          text PRIMARY KEY,
        session_id  text NOT NULL REFERENCES sandbox_sessions (id),
        confirm_url text NOT NULL,
        creado_en   timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE sandbox_card_tokens (
        token       text PRIMARY KEY,
        session_id  text NOT NULL REFERENCES sandbox_sessions (id),
        marca       text NOT NULL,
        tipo        text NOT NULL CHECK (tipo IN ('credito', 'debito')),
        ultimos4    text NOT NULL CHECK (ultimos4 ~ '^[0-9]{4}$'),
        comportamiento text NOT NULL,
        creado_en   timestamptz NOT NULL,
        usado_en    timestamptz
      )`);
    await db.query(`
      CREATE TABLE sandbox_notices (
        id              text PRIMARY KEY,
        attempt_id      text NOT NULL UNIQUE REFERENCES sandbox_attempts (id),
        body            text NOT NULL,
        intentos        integer NOT NULL DEFAULT 0,
        proximo_intento timestamptz NOT NULL,
        entregada_en    timestamptz,
        ultimo_error    text
      )`);
    await db.query(`CREATE INDEX sandbox_notices_due ON sandbox_notices (proximo_intento) WHERE entregada_en IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE sandbox_notices');
    await db.query('DROP TABLE sandbox_card_tokens');
    await db.query('DROP TABLE sandbox_card_forms');
    await db.query('DROP TABLE sandbox_attempts');
  }
}
