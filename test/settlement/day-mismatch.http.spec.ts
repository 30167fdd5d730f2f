// A report line settled on another day than our approval of its charge (docs/settlement.md, "Reconciliation"): it
// still reconciles, and the import says so apart from the mismatches (`observaciones`, motivo `fecha_distinta`, with
// both days), as does `pasarela-ops charges reconcile`. The sandbox plays the provider and writes the reports; its
// clock is moved ahead of the gateway's for one approval, whose decision time the gateway then does not believe.
// Real gateway, real sandbox, real HTTP, real PostgreSQL.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCharge, estadoOf, eventually, operator } from '../checkout/paying.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { pasarelaOps } from '../support/cli.js';
import { NoticeRelay } from '../support/notice-relay.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);

describe('a report line settled on another day than the approval', () => {
  let gw: TestGateway;
  let relay: NoticeRelay;
  let shop: OnboardedMerchant;
  let now = bogota('2026-04-02T09:00:00');
  const clock = { now: () => now };

  /** The provider reference of a charge's approval (what the provider's report names), once it is projected. */
  const referenceOf = async (chargeId: string): Promise<string> => {
    const history = await operator(gw, 'GET', `/internal/pagos/${chargeId}/eventos`);
    const reference = history.body.eventos.find((e: { tipo: string }) => e.tipo === 'PaymentApproved').datos.providerReference as string;
    const projected = await eventually(
      () => gw.infra.dataSource.query('SELECT 1 FROM provider_references WHERE referencia_proveedor = $1', [reference]),
      (rows: unknown[]) => rows.length === 1,
      10_000,
    );
    expect(projected).toHaveLength(1);
    return reference;
  };
  /** A charge the sandbox approves, with the clocks as they are. */
  const approvedCharge = async (monto: number): Promise<{ id: string; ref: string }> => {
    const { id } = await createCharge(gw, shop, { monto });
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    expect(await eventually(() => estadoOf(gw, shop, id), (estado) => estado === 'aprobado', 15_000)).toBe('aprobado');
    return { id, ref: await referenceOf(id) };
  };
  /** The provider's report of a day, as the operator reads it. */
  const providerReport = async (fecha: string): Promise<string> => {
    const answer = await operator(gw, 'GET', `/internal/conciliaciones/reportes/${fecha}`);
    expect(answer.status).toBe(200);
    return answer.text;
  };
  /** The header and the rows of a report that name these references. */
  const only = (report: string, refs: string[]): string =>
    report
      .split('\n')
      .filter((row, i) => i === 0 || refs.some((ref) => row.startsWith(`${ref},`)))
      .join('\n') + '\n';
  const importReport = (reporte: string) => operator(gw, 'POST', '/internal/conciliaciones', { reporte });

  beforeAll(async () => {
    relay = await NoticeRelay.start();
    gw = await startTestGateway({ sandboxNoticeUrl: relay.url }, clock);
    relay.target = `${gw.publicUrl}/provider/notices`;
    shop = await onboardMerchant(gw);
  });
  afterAll(async () => {
    await gw.close();
    await relay.close();
  });

  it('the provider clock a day ahead, not believed: its report of that day reconciles the charge and names both days', async () => {
    now = bogota('2026-04-02T09:00:00');
    const { id } = await createCharge(gw, shop, { monto: 64_000 });

    // The sandbox decides on Friday 3 April by its clock; its notice is on its way while the clock is put right.
    relay.holding = true;
    now = bogota('2026-04-03T10:00:00');
    const decided = operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' });
    expect(await eventually(async () => relay.waiting, (n) => n === 1, 10_000)).toBe(1);
    now = bogota('2026-04-02T10:00:00');
    relay.release(); // signed a day ahead: refused as stale; the sandbox signs it again when it retries
    expect((await decided).status).toBe(202);
    now = bogota('2026-04-02T10:00:05');
    expect(await eventually(() => estadoOf(gw, shop, id), (estado) => estado === 'aprobado', 15_000)).toBe('aprobado');

    // The gateway did not believe a decision a day ahead: the approval is Thursday's, the provider's report Friday's.
    const history = await operator(gw, 'GET', `/internal/pagos/${id}/eventos`);
    const approval = history.body.eventos.find((e: { tipo: string }) => e.tipo === 'PaymentApproved').datos;
    expect(approval.decidedAt).toBeUndefined();
    const ref = await referenceOf(id);
    expect(await providerReport('2026-04-02')).not.toContain(ref);
    const friday = await providerReport('2026-04-03');
    expect(friday).toContain(`${ref},64000,2026-04-03\n`);

    const answer = await importReport(only(friday, [ref]));
    expect(answer.status).toBe(200);
    expect(answer.body.conciliados).toEqual([{ linea: 2, referenciaProveedor: ref, monto: 64_000, fecha: '2026-04-03', pagoId: id }]);
    expect(answer.body.diferencias).toEqual([]);
    expect(answer.body.observaciones).toEqual([
      { linea: 2, referenciaProveedor: ref, monto: 64_000, fecha: '2026-04-03', motivo: 'fecha_distinta', pagoId: id, fechaAprobacion: '2026-04-02' },
    ]);
    expect(await estadoOf(gw, shop, id)).toBe('conciliado');

    // The import's record keeps it, and the same report again says it again (the charge is conciliado already).
    const [recorded] = await gw.infra.dataSource.query('SELECT result FROM settlement_report_imports WHERE id = $1', [answer.body.importacion]);
    expect(recorded.result.observaciones).toEqual(answer.body.observaciones);
    const again = await importReport(only(friday, [ref]));
    expect(again.body).toMatchObject({ conciliados: [], repetidoDe: { importacion: answer.body.importacion } });
    expect(again.body.yaConciliados.map((l: { pagoId: string }) => l.pagoId)).toEqual([id]);
    expect(again.body.observaciones).toEqual(answer.body.observaciones);
  });

  it('a report edited to carry another day: that line reconciles with a finding, the line of its own day without one', async () => {
    now = bogota('2026-04-06T11:00:00');
    const moved = await approvedCharge(71_000);
    const kept = await approvedCharge(72_000);
    const monday = only(await providerReport('2026-04-06'), [moved.ref, kept.ref]);
    expect(monday.split('\n')).toHaveLength(4);
    const edited = monday.replace(`${moved.ref},71000,2026-04-06`, `${moved.ref},71000,2026-04-01`);

    const answer = await importReport(edited);
    expect(answer.status).toBe(200);
    expect(answer.body.conciliados.map((l: { pagoId: string }) => l.pagoId).sort()).toEqual([moved.id, kept.id].sort());
    expect(answer.body.diferencias).toEqual([]);
    expect(answer.body.observaciones).toEqual([
      {
        linea: monday.split('\n').findIndex((row) => row.startsWith(moved.ref)) + 1,
        referenciaProveedor: moved.ref,
        monto: 71_000,
        fecha: '2026-04-01',
        motivo: 'fecha_distinta',
        pagoId: moved.id,
        fechaAprobacion: '2026-04-06',
      },
    ]);
  });

  it('pasarela-ops charges reconcile prints the reconciled line with both days', async () => {
    now = bogota('2026-04-07T16:30:00');
    const charge = await approvedCharge(83_000);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'conciliacion-')), 'reporte.csv');
    writeFileSync(file, only(await providerReport('2026-04-07'), [charge.ref]).replace(',2026-04-07', ',2026-04-08'));
    const run = await pasarelaOps(gw, ['charges', 'reconcile', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 line, 1 reconciled, 0 already reconciled, 0 mismatches.');
    expect(run.stdout).toContain("1 reconciled line is dated on another day than the charge's approval:");
    expect(run.stdout).toMatch(new RegExp(`2\\s+fecha_distinta\\s+${charge.ref}\\s+83000\\s+report 2026-04-08, charge ${charge.id} approved 2026-04-07`));
    expect(await estadoOf(gw, shop, charge.id)).toBe('conciliado');
  });
});
