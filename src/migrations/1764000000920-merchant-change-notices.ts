import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to the rows the merchant cache holds (an API key; a merchant and its web registration) announces
 * itself on `merchant_changes` (merchants/adapters/cache/merchant-cache.ts), whoever makes it: the gateway, another
 * process, an operator's psql, a test's raw SQL. The NOTIFY goes out when the transaction commits, and identical
 * notices of one transaction are sent once.
 */
const NOTICES = [
  { table: 'api_keys', notice: (row: string) => `'key:' || encode(${row}.key_hash, 'hex')` },
  { table: 'merchants', notice: (row: string) => `'merchant:' || ${row}.id` },
  { table: 'web_registrations', notice: (row: string) => `'merchant:' || ${row}.merchant_id` },
];

export class MerchantChangeNotices1764000000920 implements MigrationInterface {
  name = 'MerchantChangeNotices1764000000920';

  async up(db: QueryRunner): Promise<void> {
    for (const { table, notice } of NOTICES) {
      await db.query(`
        CREATE FUNCTION ${table}_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('merchant_changes', ${notice('OLD')}); END IF;
          IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('merchant_changes', ${notice('NEW')}); END IF;
          RETURN NULL;
        END $$`);
      await db.query(`
        CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${table}_notify_change()`);
      // A TRUNCATE names no rows: every process forgets everything.
      await db.query(`
        CREATE FUNCTION ${table}_notify_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('merchant_changes', '*');
          RETURN NULL;
        END $$`);
      await db.query(`
        CREATE TRIGGER ${table}_notify_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION ${table}_notify_truncate()`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const { table } of NOTICES) {
      await db.query(`DROP TRIGGER ${table}_notify_truncate ON ${table}`);
      await db.query(`DROP TRIGGER ${table}_notify_change ON ${table}`);
      await db.query(`DROP FUNCTION ${table}_notify_truncate()`);
      await db.query(`DROP FUNCTION ${table}_notify_change()`);
    }
  }
}
