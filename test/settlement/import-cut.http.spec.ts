// An import the database cut between its writes (its charges moved to conciliado, its record refused), finished by
// the next import of the same report: through the operator API, the failure injected as a refusing trigger.
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';

interface Line {
  pagoId: string;
}

describe('a settlement report import cut before its record', () => {
  const logger = capturingLogger();
  let gw: TestGateway;
  let shop: OnboardedMerchant;
  let n = 0;

  const create = async (monto: number): Promise<string> => {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: shop.apiKey,
      headers: { 'idempotency-key': `cut-${++n}` },
      body: { merchantId: shop.merchantId, monto, moneda: 'COP', referencia: `CUT-${n}` },
    });
    expect(answer.status).toBe(201);
    return answer.body.id;
  };
  const importReport = (reporte: string) => http('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: gw.operatorToken, body: { reporte } });
  const projected = (ref: string) =>
    waitUntil(() => gw.infra.dataSource.query('SELECT 1 FROM provider_references WHERE referencia_proveedor = $1', [ref]), (rows) => rows.length === 1, 10_000);
  /** The next import's record is refused by the database, after its charges were moved. */
  const refuseRecords = () =>
    gw.infra.dataSource.query(`
      CREATE OR REPLACE FUNCTION refuse_import() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected: record refused'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_import BEFORE INSERT ON settlement_report_imports FOR EACH ROW EXECUTE FUNCTION refuse_import();`);
  const acceptRecords = () => gw.infra.dataSource.query('DROP TRIGGER refuse_import ON settlement_report_imports');
  const ids = (lines: Line[]): string[] => lines.map((line) => line.pagoId);

  beforeAll(async () => {
    // The cut imports' 500s are logged, each once with its reference; kept here rather than printed.
    gw = await startTestGateway({}, undefined, logger);
    shop = await onboardMerchant(gw);
  });
  afterAll(() => gw.close());

  it('the first import of a report cut before its record: the next one answers its charges as conciliados', async () => {
    const id = await create(31_000);
    const ref = await approveCharge(gw, id, { method: 'pse' });
    await projected(ref);
    const report = `referencia_proveedor,monto,fecha\n${ref},31000,2026-11-20\n`;
    await refuseRecords();
    expect((await importReport(report)).status).toBe(500);
    await acceptRecords();

    const again = await importReport(report);
    expect(again.status).toBe(200);
    expect(again.body.repetidoDe).toBeNull();
    expect(ids(again.body.conciliados)).toEqual([id]);
    expect(again.body.yaConciliados).toEqual([]);
  });

  it('a repeat cut before its record, after reconciling a payment approved since the first import: the next one answers it as conciliado', async () => {
    const early = await create(32_000);
    const earlyRef = await approveCharge(gw, early, { method: 'pse' });
    await projected(earlyRef);
    const late = await create(33_000);
    const lateRef = `ref_${late.slice(0, 8)}`;
    // The provider reported `late` before its notice reached the gateway: the first import does not know it.
    const report = `referencia_proveedor,monto,fecha\n${earlyRef},32000,2026-11-20\n${lateRef},33000,2026-11-20\n`;
    const first = await importReport(report);
    expect(first.status).toBe(200);
    expect(ids(first.body.conciliados)).toEqual([early]);
    expect(first.body.diferencias).toMatchObject([{ referenciaProveedor: lateRef, motivo: 'referencia_desconocida' }]);

    await approveCharge(gw, late, { method: 'pse', providerReference: lateRef });
    await projected(lateRef);
    await refuseRecords();
    expect((await importReport(report)).status).toBe(500);
    await acceptRecords();

    // The repeat that was cut reconciled `late`; no recorded import says so unless this one does.
    const third = await importReport(report);
    expect(third.status).toBe(200);
    expect(third.body.repetidoDe).toMatchObject({ importacion: first.body.importacion });
    expect(ids(third.body.conciliados)).toEqual([late]);
    expect(ids(third.body.yaConciliados)).toEqual([early]);

    // Once recorded, it is finished: a fourth import finds both reconciled already.
    const fourth = await importReport(report);
    expect(fourth.body.conciliados).toEqual([]);
    expect(ids(fourth.body.yaConciliados).sort()).toEqual([early, late].sort());
  });

  it('the first import cut, then finished, then imported again: the charges it moved are reconciled already', async () => {
    const id = await create(34_000);
    const ref = await approveCharge(gw, id, { method: 'pse' });
    await projected(ref);
    const report = `referencia_proveedor,monto,fecha\n${ref},34000,2026-11-21\n`;
    await refuseRecords();
    expect((await importReport(report)).status).toBe(500);
    await acceptRecords();
    expect(ids((await importReport(report)).body.conciliados)).toEqual([id]);

    const third = await importReport(report);
    expect(third.body.conciliados).toEqual([]);
    expect(ids(third.body.yaConciliados)).toEqual([id]);
  });
});
