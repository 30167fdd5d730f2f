// GET /v1/pagos/stats reads the charges' daily totals (charges_daily, migration 970) and answers what the aggregation
// over the charges themselves answered. Charges made through the API on both sides of Bogotá midnights, a month's and
// a week's end, moved through the real flows (the sandbox's approval and failure, a reconciliation report, the
// operator's refund), then many ranges compared with that old statement, kept here as the oracle. And: the migration's
// backfill makes the rows the projection keeps, and the auditor's replay rebuilds them equal.
import type { DataSource } from 'typeorm';
import { startOfBogotaDay } from '../../src/kernel/bogota.js';
import { ChargesDaily1764000000970 } from '../../src/migrations/1764000000970-charges-daily.js';
import { ESTADOS } from '../../src/payments/domain/charge.js';
import { operator } from '../checkout/paying.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);
const DAY_MS = 86_400_000;

/** The statement stats ran before migration 970, over the charges rows, as the adapter sent it. */
const ORACLE = `
  SELECT to_char(date_trunc($4, day::timestamp), 'YYYY-MM-DD') AS period, estado,
         sum(count)::int AS count, sum(sum)::text AS sum
    FROM (SELECT (creado_en AT TIME ZONE 'America/Bogota')::date AS day, estado, count(*) AS count, sum(monto) AS sum
            FROM charges
           WHERE merchant_id = $1 AND creado_en >= $2 AND creado_en < $3
           GROUP BY 1, 2) AS days
   GROUP BY 1, 2`;

interface Group {
  period: string;
  estado: string;
  count: number;
  sum: string;
}
type Totals = { cantidad: number; monto: number; porEstado: Record<string, { cantidad: number; monto: number }> };

const UNITS = { dia: 'day', semana: 'week', mes: 'month' } as const;

function totalsOf(groups: Group[]): Totals {
  const totals: Totals = { cantidad: 0, monto: 0, porEstado: Object.fromEntries(ESTADOS.map((e) => [e, { cantidad: 0, monto: 0 }])) };
  for (const g of groups) {
    totals.cantidad += g.count;
    totals.monto += Number(g.sum);
    totals.porEstado[g.estado]!.cantidad += g.count;
    totals.porEstado[g.estado]!.monto += Number(g.sum);
  }
  return totals;
}

async function oracle(db: DataSource, merchantId: string, desde: string, hasta: string, periodo: keyof typeof UNITS): Promise<Group[]> {
  const from = startOfBogotaDay(desde);
  const to = new Date(startOfBogotaDay(hasta).getTime() + DAY_MS);
  const groups: Group[] = await db.query(ORACLE, [merchantId, from, to, UNITS[periodo]]);
  return groups.sort((a, b) => `${a.period} ${a.estado}`.localeCompare(`${b.period} ${b.estado}`));
}

/** A small deterministic generator: the same ranges on every run. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe('GET /v1/pagos/stats from the daily totals', () => {
  let gw: TestGateway;
  let now = bogota('2026-01-30T00:00:00');
  const clock = { now: () => now };
  let shop: OnboardedMerchant;
  let other: OnboardedMerchant;
  let n = 0;

  const create = async (at: string, monto: number, who: OnboardedMerchant): Promise<string> => {
    now = bogota(at);
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: who.apiKey,
      headers: { 'idempotency-key': `ru-${++n}` },
      body: { merchantId: who.merchantId, monto, moneda: 'COP', referencia: `RU-${n}` },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  };
  // The read model's estado, not GET /pagos/{id}'s (which folds the stream, ahead of the projector): once every
  // charge is settled here, the projector is past its last event, and the charges rows and the daily totals (one
  // statement) stand still for the comparisons.
  const projectedEstado = async (id: string): Promise<string | undefined> =>
    (await gw.infra.dataSource.query<Array<{ estado: string }>>('SELECT estado FROM charges WHERE id = $1', [id]))[0]?.estado;
  const settled = (id: string, _who: OnboardedMerchant, estado: string) =>
    waitUntil(() => projectedEstado(id), (value) => value === estado, 30_000);
  const stats = (who: OnboardedMerchant, desde: string, hasta: string, periodo: string) =>
    http('GET', `${gw.publicUrl}/v1/pagos/stats?desde=${desde}&hasta=${hasta}&periodo=${periodo}`, { token: who.apiKey });
  const daily = (db: Pick<DataSource, 'query'>): Promise<unknown[]> =>
    db.query('SELECT merchant_id, dia::text AS dia, estado, cantidad::text AS cantidad, monto::text AS monto FROM charges_daily ORDER BY 1, 2, 3');

  beforeAll(async () => {
    gw = await startTestGateway({}, clock);
    shop = await onboardMerchant(gw);
    other = await onboardMerchant(gw);
    // Friday 30 January to Monday 2 February 2026: a month's end, a week's end (Sunday 1 February), and each day's
    // first and last instant in Bogotá, which UTC puts on other days.
    const moments = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'].flatMap((day) => [
      `${day}T00:00:00.000`,
      `${day}T12:00:00.000`,
      `${day}T23:59:59.999`,
    ]);
    const made: Array<{ id: string; who: OnboardedMerchant; plan: number; monto: number }> = [];
    for (const [i, at] of moments.entries()) {
      for (let plan = 0; plan < 6; plan++) {
        const monto = 1_000 * (1 + i) + 7 * plan;
        made.push({ id: await create(at, monto, shop), who: shop, plan, monto });
      }
      made.push({ id: await create(at, 999_000, other), who: other, plan: i % 6, monto: 999_000 });
    }
    now = bogota('2026-02-03T09:00:00');

    // 0: left pendiente; 1: approved by the sandbox; 2: failed there; 3: approved, then reconciled; 4: approved,
    // then refunded; 5: approved, reconciled, then refunded.
    for (const charge of made.filter((c) => c.plan > 0)) {
      const resultado = charge.plan === 2 ? 'fallido' : 'aprobado';
      expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado })).status).toBe(202);
    }
    for (const charge of made.filter((c) => c.plan > 0)) await settled(charge.id, charge.who, charge.plan === 2 ? 'fallido' : 'aprobado');
    const toReconcile = made.filter((c) => c.plan === 3 || c.plan === 5);
    const refs = await waitUntil(
      () => gw.infra.dataSource.query<Array<{ ref: string; id: string }>>(
        'SELECT referencia_proveedor AS ref, charge_id AS id FROM provider_references WHERE charge_id = ANY($1::uuid[])',
        [toReconcile.map((c) => c.id)],
      ),
      (rows) => rows.length === toReconcile.length,
      10_000,
    );
    const lines = toReconcile.map((c) => `${refs.find((r) => r.id === c.id)!.ref},${c.monto},2026-02-03`);
    const imported = await operator(gw, 'POST', '/internal/conciliaciones', { reporte: ['referencia_proveedor,monto,fecha', ...lines].join('\n') });
    expect(imported.status).toBe(200);
    for (const charge of toReconcile) await settled(charge.id, charge.who, 'conciliado');
    for (const charge of made.filter((c) => c.plan === 4 || c.plan === 5)) {
      expect((await operator(gw, 'POST', `/internal/pagos/${charge.id}/reembolso`)).status).toBe(200);
      await settled(charge.id, charge.who, 'reembolsado');
    }
  }, 120_000);
  afterAll(() => gw.close());

  it('answers every range, cut anywhere, per day, week and month, as the aggregation over the charges did', async () => {
    const ranges: Array<[string, string, keyof typeof UNITS]> = [
      ['2026-01-30', '2026-02-02', 'dia'],
      ['2026-01-30', '2026-02-02', 'semana'],
      ['2026-01-30', '2026-02-02', 'mes'],
      ['2026-01-31', '2026-01-31', 'dia'], // 23:59:59.999 in, the next 00:00:00.000 out
      ['2026-02-01', '2026-02-01', 'semana'], // a Sunday alone: its week clipped to it
      ['2026-02-03', '2026-02-28', 'mes'], // no charge at all
      ['2025-12-01', '2026-01-29', 'semana'], // before the first
      ['1970-01-01', '1971-12-31', 'mes'], // the first days there are
      ['9998-01-01', '9999-12-31', 'mes'], // and the last
    ];
    const random = numbers(970);
    const first = Date.parse('2026-01-27T00:00:00Z');
    for (let i = 0; i < 40; i++) {
      const a = new Date(first + Math.floor(random() * 10) * DAY_MS).toISOString().slice(0, 10);
      const b = new Date(first + Math.floor(random() * 10) * DAY_MS).toISOString().slice(0, 10);
      ranges.push([a < b ? a : b, a < b ? b : a, (['dia', 'semana', 'mes'] as const)[Math.floor(random() * 3)]!]);
    }

    let compared = 0;
    for (const who of [shop, other]) {
      for (const [desde, hasta, periodo] of ranges) {
        const expected = await oracle(gw.infra.dataSource, who.merchantId, desde, hasta, periodo);
        const answer = await stats(who, desde, hasta, periodo);
        expect(answer.status).toBe(200);
        expect(answer.body.total).toEqual(totalsOf(expected));
        const periods = answer.body.periodos as Array<Totals & { periodo: string }>;
        for (const period of periods) {
          const { periodo: key, desde: _d, hasta: _h, ...totals } = period as Totals & { periodo: string; desde: string; hasta: string };
          expect({ key, ...totals }).toEqual({ key, ...totalsOf(expected.filter((g) => g.period === key)) });
        }
        // No charge of the range falls outside the periods listed.
        expect(expected.filter((g) => !periods.some((p) => p.periodo === g.period))).toEqual([]);
        compared += expected.length;
      }
    }
    // The ranges did meet charges, in every estado.
    expect(compared).toBeGreaterThan(200);
    const all = await oracle(gw.infra.dataSource, shop.merchantId, '2026-01-30', '2026-02-02', 'mes');
    expect(new Set(all.map((g) => g.estado))).toEqual(new Set(['pendiente', 'aprobado', 'fallido', 'conciliado', 'reembolsado']));
  });

  it('migration 970 backfills from the charges the same rows the projection keeps', async () => {
    const live = await daily(gw.infra.dataSource);
    expect(live.length).toBeGreaterThan(10);
    const runner = gw.infra.dataSource.createQueryRunner();
    try {
      // Dropped and made again from the charges rows, seen inside the transaction, then rolled back: the live table
      // is untouched (the projector waits on its lock meanwhile).
      await runner.startTransaction();
      const migration = new ChargesDaily1764000000970();
      await migration.down(runner);
      await migration.up(runner);
      expect(await daily(runner)).toEqual(live);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('the replay rebuilds the daily totals from position 0 equal to the live ones', async () => {
    const started = await operator(gw, 'POST', '/internal/replay');
    expect(started.status).toBe(202);
    const job = await waitUntil(
      async () => (await operator(gw, 'GET', `/internal/replay/${started.body.id}`)).body,
      (body) => body.estado !== 'en_curso',
      60_000,
    );
    expect(job.estado).toBe('terminada');
    const charges = job.resultado.proyecciones.find((p: { proyeccion: string }) => p.proyeccion === 'charges');
    const table = charges.tablas.find((t: { tabla: string }) => t.tabla === 'charges_daily');
    expect(table).toMatchObject({ iguales: true, filasEnVivo: (await daily(gw.infra.dataSource)).length });
    expect(job.resultado.iguales).toBe(true);
  });
});
