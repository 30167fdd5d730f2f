// The auditor's replay compares the live tables with a rebuild at one checkpoint. An operator's rebuild of the charges
// read model that swaps them just as the replay reads them must not show as a difference.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { insertCreatedCharges } from '../support/charge-histories.js';
import { onboardMerchant } from '../support/merchants.js';

const EVENTS = 20_000;

describe('POST /internal/replay while POST /internal/proyecciones/pagos/reconstruccion swaps the tables', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it('reports the read models equal: the live side is read at one checkpoint with its rows', async () => {
    const merchant = await onboardMerchant(gw, {});
    const db = gw.infra.dataSource;
    await insertCreatedCharges(db, merchant.merchantId, EVENTS);
    const until = async (what: () => Promise<boolean>) => {
      for (let i = 0; i < 4000; i++) {
        if (await what()) return;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error('condition never met');
    };
    await until(async () => (await db.query(`SELECT events_applied::int AS n FROM projection_checkpoints WHERE name = 'charges'`))[0]?.n === EVENTS);

    const started = await http('POST', `${gw.adminUrl}/internal/replay`, { token: gw.operatorToken, body: {} });
    expect(started.status).toBe(202);
    const id = started.body.id;
    const job = async () => (await http('GET', `${gw.adminUrl}/internal/replay/${id}`, { token: gw.operatorToken })).body;
    await until(async () => (await job()).progreso.fase === 'reproduciendo');
    // The rebuild replays into scratch tables of its own; held here, its swap (TRUNCATE and copy of the live tables,
    // with the checkpoint) queues behind the holder, and so does the replay's read of the live tables, in either
    // order. Whichever goes first, the replay reads the live rows at one checkpoint: before the swap or after it.
    const rebuild = http('POST', `${gw.adminUrl}/internal/proyecciones/pagos/reconstruccion`, { token: gw.operatorToken });
    await until(async () => (await db.query(`SELECT 1 FROM pg_namespace WHERE nspname LIKE 'rebuild\\_charges\\_%'`)).length === 1);
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE charges IN ACCESS EXCLUSIVE MODE');
    const waiting = async (mode: string): Promise<number> =>
      (
        await db.query(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
            WHERE c.relname = 'charges' AND l.mode = $1 AND NOT l.granted`,
          [mode],
        )
      )[0].n;
    await until(async () => (await waiting('AccessExclusiveLock')) === 1 && (await waiting('AccessShareLock')) === 1);
    await holder.query('COMMIT');
    await holder.release();
    await until(async () => (await job()).estado !== 'en_curso');
    const done = await job();
    expect((await rebuild).status).toBe(200);
    expect(done).toMatchObject({ estado: 'terminada', error: null, resultado: { iguales: true } });
  }, 120_000);
});
