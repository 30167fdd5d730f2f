// The webhook outbox: one delivery per PaymentApproved/PaymentFailed, written by the charges projector in the batch's
// transaction (DESIGN.md 3b), its attempts, and the outbox mark (how far the log has been turned into deliveries).
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookOutbox1764000000610 implements MigrationInterface {
  name = 'WebhookOutbox1764000000610';

  async up(runner: QueryRunner): Promise<void> {
    // event_id is unique: a batch applied again can never make a second delivery of one event.
    // next_attempt_at: when a pendiente delivery is due; a claim moves it to the end of the claim's lease.
    await runner.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        event_id uuid NOT NULL CONSTRAINT webhook_deliveries_event_id_key UNIQUE,
        webhook_event_id text NOT NULL CONSTRAINT webhook_deliveries_webhook_event_id_key UNIQUE,
        merchant_id uuid NOT NULL,
        charge_id uuid NOT NULL,
        event_type text NOT NULL CHECK (event_type IN ('payment.completed', 'payment.failed')),
        body text NOT NULL,
        estado text NOT NULL CHECK (estado IN ('pendiente', 'entregada', 'fallida', 'sin_endpoint')),
        attempts integer NOT NULL DEFAULT 0,
        series_attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NULL,
        lease_token uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz NULL,
        resent_at timestamptz NULL,
        resent_by jsonb NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE estado = 'pendiente'`);
    await runner.query(`CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_id, created_at DESC, id DESC)`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_merchant_estado ON webhook_deliveries (merchant_id, estado, created_at DESC, id DESC)`,
    );
    await runner.query(`
      CREATE TABLE webhook_attempts (
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id),
        number integer NOT NULL,
        url text NOT NULL,
        started_at timestamptz NOT NULL,
        status_code integer NULL,
        latency_ms integer NOT NULL,
        error text NULL,
        PRIMARY KEY (delivery_id, number)
      )`);
    // Events at or before the mark never make a delivery again: a rebuild from position 0 sends nothing. It starts at
    // the charges checkpoint, so approvals projected before the outbox existed are not sent late either.
    await runner.query(`
      CREATE TABLE webhook_outbox_mark (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        commit bigint NOT NULL,
        prepare bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      INSERT INTO webhook_outbox_mark (commit, prepare)
      SELECT coalesce(max(commit), -1), coalesce(max(prepare), -1) FROM projection_checkpoints WHERE name = 'charges'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhook_outbox_mark');
    await runner.query('DROP TABLE webhook_attempts');
    await runner.query('DROP TABLE webhook_deliveries');
  }
}
