import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker's stale-charge sweep (`estado = 'creado'` across every merchant, every 15 s) had no index of its own: on
 * PostgreSQL 18 a skip scan of `(merchant_id, estado, ...)` made it cheap, on an older server it read that whole index
 * each time. A partial index holds only the charges still `creado` (a provider time-out not yet finished), so the
 * sweep is a short index scan on any version, and a charge adds an entry only if the projector writes it as `creado`.
 */
export class ChargesStaleCreado1764000000950 implements MigrationInterface {
  name = 'ChargesStaleCreado1764000000950';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX charges_stale_creado ON charges (creado_en) WHERE estado = 'creado'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX charges_stale_creado');
  }
}
