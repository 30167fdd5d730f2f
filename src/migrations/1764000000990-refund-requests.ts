import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The refunds asked of the provider and not yet recorded as `ChargeRefunded`: a row is written before the provider is
 * asked and removed once the refund is recorded (or refused). A row left by a provider silence or a crash between the
 * provider's refund and its record is finished by the worker, which asks again (the provider refunds a session once)
 * and records it with the actor and correlation of the request that started it (docs/decisions.md, "Refunds").
 */
export class RefundRequests1764000000990 implements MigrationInterface {
  name = 'RefundRequests1764000000990';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE refund_requests (
        charge_id      uuid PRIMARY KEY,
        actor          jsonb NOT NULL,
        correlation_id text NOT NULL,
        requested_at   timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX refund_requests_requested_at ON refund_requests (requested_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE refund_requests');
  }
}
