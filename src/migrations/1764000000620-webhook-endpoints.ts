// Merchants' webhook endpoints (one each, DESIGN.md 5.15): the signing secret sealed, never in clear; every change
// recorded with who and when (5.18).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookEndpoints1764000000620 implements MigrationInterface {
  name = 'WebhookEndpoints1764000000620';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL CONSTRAINT webhook_endpoints_merchant_key UNIQUE REFERENCES merchants (id),
        url text NOT NULL,
        activo boolean NOT NULL,
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        updated_by jsonb NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE webhook_endpoint_changes (
        id bigserial PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id),
        merchant_id uuid NOT NULL,
        url_before text NULL,
        url_after text NOT NULL,
        activo_before boolean NULL,
        activo_after boolean NOT NULL,
        actor jsonb NOT NULL,
        changed_at timestamptz NOT NULL
      )`);
    await runner.query(`CREATE INDEX webhook_endpoint_changes_merchant_idx ON webhook_endpoint_changes (merchant_id, id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhook_endpoint_changes');
    await runner.query('DROP TABLE webhook_endpoints');
  }
}
