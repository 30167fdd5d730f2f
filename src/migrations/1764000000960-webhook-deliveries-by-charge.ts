import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A charge's deliveries found by the charge (the operator's `?pagoId=`, the portal's charge page and its re-send),
 * instead of among the merchant's newest: a notice older than the newest hundred could be neither seen nor re-sent.
 */
export class WebhookDeliveriesByCharge1764000000960 implements MigrationInterface {
  name = 'WebhookDeliveriesByCharge1764000000960';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX webhook_deliveries_charge ON webhook_deliveries (charge_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX webhook_deliveries_charge');
  }
}
