import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant's newest-first index also carries estado and monto, so stats (GET /v1/pagos/stats, the portal's
 * Resumen) read it alone (an index-only scan) instead of fetching every charge of the range from the table: two years
 * of a merchant with 1,000,000 charges went from a scan of the whole table (1.4 s) to the index (docs/performance.md,
 * "Reads at scale"). It replaces the old index rather than adding one, so the projector still keeps three.
 */
export class ChargesNewestCoversStats1764000000940 implements MigrationInterface {
  name = 'ChargesNewestCoversStats1764000000940';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX charges_merchant_newest_covering ON charges (merchant_id, creado_en DESC, id DESC) INCLUDE (estado, monto)');
    await db.query('DROP INDEX charges_merchant_newest');
    await db.query('ALTER INDEX charges_merchant_newest_covering RENAME TO charges_merchant_newest');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX charges_merchant_newest_narrow ON charges (merchant_id, creado_en DESC, id DESC)');
    await db.query('DROP INDEX charges_merchant_newest');
    await db.query('ALTER INDEX charges_merchant_newest_narrow RENAME TO charges_merchant_newest');
  }
}
