import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charges of a merchant per Bogota creation day and current estado, counted and summed: what GET /v1/pagos/stats
 * (and the portal's Resumen) read instead of the charges themselves, so two years are at most 731 x 6 rows whatever
 * the merchant's size (docs/performance.md, "Reads at scale"). The charges projection keeps it in the statement that
 * writes the charges rows (charges.projection.ts); a (merchant, day, estado) that no charge is in has no row.
 */
export const BACKFILL_CHARGES_DAILY = `
  INSERT INTO charges_daily (merchant_id, dia, estado, cantidad, monto)
  SELECT merchant_id, (creado_en AT TIME ZONE 'America/Bogota')::date, estado, count(*), sum(monto)
    FROM charges
   GROUP BY 1, 2, 3`;

export class ChargesDaily1764000000970 implements MigrationInterface {
  name = 'ChargesDaily1764000000970';

  async up(db: QueryRunner): Promise<void> {
    // monto is numeric: the sum of many bigint amounts may pass bigint, as sum(monto) over charges never fails.
    await db.query(`
      CREATE TABLE charges_daily (
        merchant_id uuid NOT NULL,
        dia date NOT NULL,
        estado text NOT NULL,
        cantidad bigint NOT NULL,
        monto numeric NOT NULL,
        PRIMARY KEY (merchant_id, dia, estado)
      )`);
    // An upgraded database answers as before: the rows the charges already there make. A process of the previous
    // version still projecting during the upgrade would not keep this table: the replay then names it as different,
    // and `pasarela-ops charges rebuild` makes it whole (docs/decisions.md, stats).
    await db.query(BACKFILL_CHARGES_DAILY);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE charges_daily');
  }
}
