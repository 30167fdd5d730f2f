// Rolling a webhook endpoint's signing secret (DESIGN.md 5.15): the replaced secret keeps signing, second, until its
// expiry. It stays sealed as it was (the endpoint id as authenticated data), never in clear. A change row records a
// roll like any other change (who, when: 5.18).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookPreviousSecret1764000000630 implements MigrationInterface {
  name = 'WebhookPreviousSecret1764000000630';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE webhook_endpoints
        ADD COLUMN previous_secret_sealed text NULL,
        ADD COLUMN previous_secret_valid_until timestamptz NULL,
        ADD CONSTRAINT webhook_endpoints_previous_secret_check
          CHECK ((previous_secret_sealed IS NULL) = (previous_secret_valid_until IS NULL))`);
    await runner.query(`ALTER TABLE webhook_endpoint_changes ADD COLUMN secret_rolled boolean NOT NULL DEFAULT false`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhook_endpoint_changes DROP COLUMN secret_rolled');
    await runner.query(`
      ALTER TABLE webhook_endpoints
        DROP CONSTRAINT webhook_endpoints_previous_secret_check,
        DROP COLUMN previous_secret_valid_until,
        DROP COLUMN previous_secret_sealed`);
  }
}
