// The plans of the charges read model's statements that read across many rows (docs/performance.md, "Reads at scale"):
// stats read the daily totals (charges_daily, migration 970) by their primary key and never the charges, so two years
// of a big merchant are at most 731 x 6 rows, not a scan of its million charges; the worker's stale-charge sweep reads
// only the charges still `creado` (migration 950), on any PostgreSQL version, not every merchant's estado index.
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/kernel/database.js';
import { bogotaDate } from '../../src/kernel/bogota.js';
import { BACKFILL_CHARGES_DAILY } from '../../src/migrations/1764000000970-charges-daily.js';
import { MIGRATIONS } from '../../src/migrations/index.js';
import { PostgresChargeStats } from '../../src/payments/adapters/persistence/postgres.charge-stats.js';
import { PostgresChargeViews } from '../../src/payments/adapters/persistence/postgres.charge-views.js';
import { createTestDatabase } from '../support/database.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

describe('plans over the charges read model', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  const merchant = randomUUID();

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await openDatabase({ url: db.url, migrations: MIGRATIONS, entities: [] });
    // Two merchants, a year of charges each, every estado; VACUUM sets the visibility map an index-only scan needs.
    await dataSource.query(
      `INSERT INTO charges (id, merchant_id, monto, moneda, referencia, estado, checkout_token, creado_en, actualizado_en, revision)
       SELECT gen_random_uuid(), CASE WHEN n % 2 = 0 THEN $1::uuid ELSE $2::uuid END, 1000 + n, 'COP', 'R-' || n,
              (ARRAY['pendiente', 'aprobado', 'fallido', 'conciliado'])[1 + n % 4], 'tok-' || n,
              now() - n * interval '1 hour', now(), 2
         FROM generate_series(1, 8000) AS n`,
      [merchant, randomUUID()],
    );
    // And a third merchant's few charges left `creado` by a provider that did not answer: what the sweep looks for.
    await dataSource.query(
      `INSERT INTO charges (id, merchant_id, monto, moneda, referencia, estado, checkout_token, creado_en, actualizado_en, revision)
       SELECT gen_random_uuid(), $1::uuid, 5000, 'COP', 'C-' || n, 'creado', 'tok-c-' || n, now() - n * interval '1 minute', now(), 0
         FROM generate_series(1, 5) AS n`,
      [randomUUID()],
    );
    // Rows written with SQL, not by the projector: their daily totals as the migration makes them from such rows.
    await dataSource.query(BACKFILL_CHARGES_DAILY);
    await dataSource.query('VACUUM ANALYZE charges, charges_daily');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  /** The statement an adapter sends, as it sends it. */
  async function statementOf(send: (recorder: DataSource) => Promise<unknown>): Promise<{ sql: string; params: unknown[] }> {
    let captured: { sql: string; params: unknown[] } | null = null;
    const recorder = { query: async (sql: string, params: unknown[]) => ((captured = { sql, params }), []) } as unknown as DataSource;
    await send(recorder);
    return captured!;
  }

  /** How the statement reads the charges tables: one "<node type> <index>" per scan of one of them. */
  async function chargeScans({ sql, params }: { sql: string; params: unknown[] }): Promise<string[]> {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      // The table is small here: without these the planner may rightly read it whole; the question is whether the
      // index can answer alone, as it must for a merchant with a million charges.
      await runner.query('SET LOCAL enable_seqscan = off');
      await runner.query('SET LOCAL enable_bitmapscan = off');
      const [{ 'QUERY PLAN': plan }] = await runner.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const scans: string[] = [];
      const visit = (node: PlanNode): void => {
        if (node['Relation Name']?.startsWith('charges')) scans.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
        for (const child of node.Plans ?? []) visit(child);
      };
      visit(plan[0].Plan);
      return scans;
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  }

  it('stats read the range of days from the daily totals, not the charges', async () => {
    const statement = await statementOf((recorder) =>
      new PostgresChargeStats(recorder).groups(merchant, bogotaDate(new Date(Date.now() - 730 * 86_400_000)), bogotaDate(new Date()), 'day'),
    );
    expect(await chargeScans(statement)).toEqual(['Index Scan charges_daily_pkey']);
  });

  it('the stale-charge sweep reads the charges still creado alone, and finds them oldest first', async () => {
    const statement = await statementOf((recorder) => new PostgresChargeViews(recorder).staleCreado(new Date(), 100));
    expect(await chargeScans(statement)).toEqual(['Index Scan charges_stale_creado']);

    const stale = await new PostgresChargeViews(dataSource).staleCreado(new Date(Date.now() - 150_000), 100);
    const expected: Array<{ id: string }> = await dataSource.query(
      `SELECT id FROM charges WHERE estado = 'creado' AND creado_en < now() - interval '150 seconds' ORDER BY creado_en`,
    );
    expect(expected).toHaveLength(3);
    expect(stale).toEqual(expected.map((row) => row.id));
  });

  it('still counts and sums per Bogota day and estado', async () => {
    const stats = new PostgresChargeStats(dataSource);
    const groups = await stats.groups(merchant, bogotaDate(new Date(Date.now() - 730 * 86_400_000)), bogotaDate(new Date()), 'month');
    const expected: Array<{ period: string; estado: string; count: number; sum: string }> = await dataSource.query(
      `SELECT to_char(date_trunc('month', creado_en AT TIME ZONE 'America/Bogota'), 'YYYY-MM-DD') AS period, estado,
              count(*)::int AS count, sum(monto)::text AS sum
         FROM charges WHERE merchant_id = $1 GROUP BY 1, 2`,
      [merchant],
    );
    const key = (g: { period: string; estado: string }): string => `${g.period} ${g.estado}`;
    const sorted = <T extends { period: string; estado: string }>(list: T[]): T[] => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(groups)).toEqual(sorted(expected.map((g) => ({ ...g, sum: Number(g.sum) }))));
    expect(groups.reduce((total, g) => total + g.count, 0)).toBe(4000);
  });
});
