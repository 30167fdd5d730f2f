// The merchants context: accounts, API keys (hashes only) and the web registration with its history of changes.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Merchants1764000000200 implements MigrationInterface {
  name = 'Merchants1764000000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE merchants (
        id uuid PRIMARY KEY,
        nombre text NOT NULL,
        aprobado boolean NOT NULL DEFAULT false,
        aprobado_en timestamptz NULL,
        checkout_propio boolean NOT NULL DEFAULT false,
        creado_en timestamptz NOT NULL
      )`);
    // revocada_en is when the key stops working: set to now by a revocation, to now + grace by a rotation.
    await runner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        key_hash bytea NOT NULL CONSTRAINT api_keys_key_hash_key UNIQUE CHECK (octet_length(key_hash) = 32),
        last4 text NOT NULL,
        rol text NOT NULL CHECK (rol IN ('administrador', 'lectura')),
        creado_en timestamptz NOT NULL,
        revocada_en timestamptz NULL,
        reemplazada_por uuid NULL REFERENCES api_keys (id)
      )`);
    await runner.query(`CREATE INDEX api_keys_merchant_id_idx ON api_keys (merchant_id)`);
    await runner.query(`
      CREATE TABLE web_registrations (
        merchant_id uuid PRIMARY KEY REFERENCES merchants (id),
        sitio_web text NOT NULL,
        url_retorno text NOT NULL,
        actualizado_en timestamptz NOT NULL,
        actualizado_por jsonb NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE web_registration_changes (
        id bigserial PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        sitio_web_anterior text NULL,
        url_retorno_anterior text NULL,
        sitio_web text NOT NULL,
        url_retorno text NOT NULL,
        actor jsonb NOT NULL,
        cambiado_en timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX web_registration_changes_merchant_idx ON web_registration_changes (merchant_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE web_registration_changes`);
    await runner.query(`DROP TABLE web_registrations`);
    await runner.query(`DROP TABLE api_keys`);
    await runner.query(`DROP TABLE merchants`);
  }
}
