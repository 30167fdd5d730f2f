// The charges read model (GET /pagos) and the projectors' checkpoints, written together in one transaction.
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ChargesReadModel1764000000100 implements MigrationInterface {
  name = 'ChargesReadModel1764000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE charges (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL,
        monto bigint NOT NULL,
        moneda text NOT NULL,
        referencia text NOT NULL,
        descripcion text,
        url_retorno text,
        estado text NOT NULL,
        checkout_token text NOT NULL UNIQUE,
        creado_en timestamptz NOT NULL,
        actualizado_en timestamptz NOT NULL,
        metodo text,
        provider_session_id text,
        revision integer NOT NULL
      )`);
    // Newest first per merchant, with the list filters of DESIGN.md 5.10 (estado, referencia).
    await queryRunner.query('CREATE INDEX charges_merchant_newest ON charges (merchant_id, creado_en DESC, id DESC)');
    await queryRunner.query(
      'CREATE INDEX charges_merchant_estado_newest ON charges (merchant_id, estado, creado_en DESC, id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX charges_merchant_referencia_newest ON charges (merchant_id, referencia, creado_en DESC, id DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        commit bigint NOT NULL,
        prepare bigint NOT NULL,
        events_applied bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE projection_checkpoints');
    await queryRunner.query('DROP TABLE charges');
  }
}
