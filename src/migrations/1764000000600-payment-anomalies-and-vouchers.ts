import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Provider notices that could not be applied (a payment reported after the charge was final, ...), kept for the
 * operator and never dropped (DESIGN.md section 4); the cash voucher deadlines the expiry worker watches (a read
 * model of charge events); and the history of the own-checkout switch (who turned it on or off, and when).
 */
export class PaymentAnomaliesAndVouchers1764000000600 implements MigrationInterface {
  name = 'PaymentAnomaliesAndVouchers1764000000600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_anomalies (
        id           uuid PRIMARY KEY,
        notice_id    text NOT NULL UNIQUE,
        charge_id    uuid,
        tipo         text NOT NULL,
        resultado    text NOT NULL,
        metodo       text,
        estado_cargo text,
        detalle      text NOT NULL,
        aviso        jsonb NOT NULL,
        recibida_en  timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX payment_anomalies_newest ON payment_anomalies (recibida_en DESC, id DESC)');
    await db.query('CREATE INDEX payment_anomalies_charge ON payment_anomalies (charge_id)');
    await db.query(`
      CREATE TABLE cash_voucher_deadlines (
        charge_id  uuid PRIMARY KEY,
        referencia text NOT NULL,
        vence_en   timestamptz NOT NULL,
        abierto    boolean NOT NULL
      )`);
    await db.query('CREATE INDEX cash_voucher_deadlines_due ON cash_voucher_deadlines (vence_en) WHERE abierto');
    await db.query(`
      CREATE TABLE own_checkout_changes (
        id          bigserial PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        habilitado  boolean NOT NULL,
        actor       jsonb NOT NULL,
        cambiado_en timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE own_checkout_changes');
    await db.query('DROP TABLE cash_voucher_deadlines');
    await db.query('DROP TABLE payment_anomalies');
  }
}
