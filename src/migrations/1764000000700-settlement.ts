// The settlement context: merchants' tariffs (a history: each row applies from its time on), the dated table of the
// retefuente rate on card sales (DESIGN.md 5.12; docs/settlement.md), the provider references read model and the
// record of imported settlement reports (5.12b).
import type { MigrationInterface, QueryRunner } from 'typeorm';

const PPM = (column: string): string => `${column} integer NOT NULL CHECK (${column} BETWEEN 0 AND 1000000)`;

export class Settlement1764000000700 implements MigrationInterface {
  name = 'Settlement1764000000700';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE merchant_tariffs (
        id bigserial PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants (id),
        vigente_desde timestamptz NOT NULL,
        ${PPM('comision_ppm')},
        comision_fija integer NOT NULL CHECK (comision_fija BETWEEN 0 AND 1000000),
        ${PPM('iva_comision_ppm')},
        ${PPM('iva_ventas_ppm')},
        retefuente_ppm integer NULL CHECK (retefuente_ppm BETWEEN 0 AND 1000000),
        ${PPM('rete_iva_ppm')},
        ${PPM('rete_ica_ppm')},
        actor jsonb NOT NULL
      )`);
    await runner.query('CREATE INDEX merchant_tariffs_in_force ON merchant_tariffs (merchant_id, vigente_desde DESC, id DESC)');
    await runner.query(`
      CREATE TABLE retefuente_rates (
        vigente_desde date PRIMARY KEY,
        ${PPM('tarifa_ppm')},
        fuente text NOT NULL,
        actualizado_en timestamptz NOT NULL
      )`);
    // 1.5 % on card payments (Decreto Único Reglamentario 1625 de 2016, art. 1.3.2.1.8), in force since the DUR.
    await runner.query(
      `INSERT INTO retefuente_rates (vigente_desde, tarifa_ppm, fuente, actualizado_en)
       VALUES ('2016-10-11', 15000, 'DUR 1625 de 2016, art. 1.3.2.1.8', now())`,
    );
    // A read model (projection provider-references): rebuilt from the events, compared by the auditor's replay.
    await runner.query(`
      CREATE TABLE provider_references (
        referencia_proveedor text PRIMARY KEY,
        charge_id uuid NOT NULL
      )`);
    // Every import of a provider's settlement report, the same report twice included: who, when, what it found.
    await runner.query(`
      CREATE TABLE settlement_report_imports (
        id uuid PRIMARY KEY,
        report_hash text NOT NULL,
        imported_at timestamptz NOT NULL,
        actor jsonb NOT NULL,
        lines integer NOT NULL,
        reconciled integer NOT NULL,
        mismatches integer NOT NULL,
        result jsonb NOT NULL
      )`);
    await runner.query('CREATE INDEX settlement_report_imports_hash ON settlement_report_imports (report_hash, imported_at)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE settlement_report_imports');
    await runner.query('DROP TABLE provider_references');
    await runner.query('DROP TABLE retefuente_rates');
    await runner.query('DROP TABLE merchant_tariffs');
  }
}
