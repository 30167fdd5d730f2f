// The money side as the accountant and the auditor reach it: the provider's report as providers write CSV, covering
// charges of two merchants; a refund racing the approval notice and another refund; a reconciled charge refunded
// through `pasarela-ops`; its settlement `revertida`, its history with who did what, in order; and the replay, equal.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createCharge, estadoOf, eventTypes, operator } from '../checkout/paying.js';
import { pasarelaOps } from '../support/cli.js';
import { http, startTestGateway, waitUntil, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';

const bogotaToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

describe('money edges through the doors', () => {
  let gw: TestGateway;
  let ana: OnboardedMerchant;
  let beto: OnboardedMerchant;

  const refund = (id: string) => operator(gw, 'POST', `/internal/pagos/${id}/reembolso`);
  const importReport = (reporte: string) => operator(gw, 'POST', '/internal/conciliaciones', { reporte });
  const referenceOf = async (id: string): Promise<string> => {
    const rows = await waitUntil(
      (): Promise<Array<{ referencia_proveedor: string }>> =>
        gw.infra.dataSource.query('SELECT referencia_proveedor FROM provider_references WHERE charge_id = $1', [id]),
      (found) => found.length === 1,
    );
    return rows[0]!.referencia_proveedor;
  };
  /** Approved the way a buyer's payment is: the sandbox decides and sends its signed notice. */
  const approved = async (merchant: OnboardedMerchant, monto: number): Promise<{ id: string; ref: string }> => {
    const { id } = await createCharge(gw, merchant, { monto });
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    await waitUntil(() => estadoOf(gw, merchant, id), (estado) => estado === 'aprobado');
    return { id, ref: await referenceOf(id) };
  };

  beforeAll(async () => {
    gw = await startTestGateway();
    ana = await onboardMerchant(gw);
    beto = await onboardMerchant(gw);
  });
  afterAll(() => gw?.close());

  it('a header repeated further down and a quoted field with a line break are refused by name, never read as payments', async () => {
    const a = await approved(ana, 3_000);
    const b = await approved(ana, 4_000);
    const c = await approved(ana, 5_000);
    const today = bogotaToday();
    const report =
      'referencia_proveedor,monto,fecha\n' +
      `${a.ref},3000,${today}\n` +
      'referencia_proveedor,monto,fecha\n' + // two files pasted together
      `"${b.ref}\n",4000,${today}\n` + // a line break inside quotes
      `${c.ref},5000,${today}\n`;
    const answer = await importReport(report);
    expect(answer.status).toBe(200);
    expect(answer.body.conciliados.map((l: { linea: number }) => l.linea)).toEqual([2, 6]);
    expect(answer.body.diferencias).toEqual([
      expect.objectContaining({ linea: 3, motivo: 'linea_invalida', detalle: 'the header is repeated here (it goes on the first line only); line 3 was not read as a payment' }),
      expect.objectContaining({
        linea: 4,
        motivo: 'linea_invalida',
        detalle: 'a quoted field holds a line break (lines 4 to 5), which reports may not have; these lines were not read',
      }),
    ]);
    expect(await estadoOf(gw, ana, b.id)).toBe('aprobado');
    expect(await estadoOf(gw, ana, c.id)).toBe('conciliado');
  });

  it('reads a report written as providers write CSV, over charges of two merchants, refusing what it cannot read', async () => {
    const a = await approved(ana, 150_000);
    const b = await approved(beto, 1_500);
    const c = await approved(beto, 1_500);
    const d = await approved(ana, 2_000);
    const today = bogotaToday();
    const report =
      '\uFEFF\r\n' + // a BOM and a blank line before the header
      ' "Monto" ; "FECHA" ; "Referencia_Proveedor" \r\n' +
      `"150000,00";${today};"${a.ref}"\r\n` + // zero cents: 150.000 pesos
      `1500 ; ${today} ; ${b.ref}\r\n` +
      `"1.500";${today};${c.ref}\r\n` + // 1.500: 1500 or 1,5? refused, never guessed
      `2000;${today.replaceAll('-', '/')};${d.ref}\r\n` + // a date in another format
      `1500;${today};${b.ref}\r\n` + // the same line twice
      '\r\n';
    const answer = await importReport(report);
    expect(answer.status).toBe(200);
    expect(answer.body.lineas).toBe(5);
    expect(answer.body.conciliados).toEqual([
      { linea: 3, referenciaProveedor: a.ref, monto: 150_000, fecha: today, pagoId: a.id },
      { linea: 4, referenciaProveedor: b.ref, monto: 1_500, fecha: today, pagoId: b.id },
    ]);
    expect(answer.body.diferencias).toEqual([
      expect.objectContaining({ linea: 5, motivo: 'linea_invalida', detalle: 'the amount 1.500 has a thousands separator or a decimal point; it must be whole pesos, digits only' }),
      expect.objectContaining({ linea: 6, motivo: 'linea_invalida', detalle: 'the date must be YYYY-MM-DD' }),
      { linea: 7, referenciaProveedor: b.ref, monto: 1_500, fecha: today, motivo: 'referencia_repetida', primeraLinea: 4 },
    ]);
    expect(await estadoOf(gw, ana, a.id)).toBe('conciliado');
    expect(await estadoOf(gw, beto, b.id)).toBe('conciliado');
    expect(await estadoOf(gw, beto, c.id)).toBe('aprobado');
    expect(await estadoOf(gw, ana, d.id)).toBe('aprobado');
    // Each merchant sees its own reconciled charge; the other's is the usual 404.
    expect((await http('GET', `${gw.publicUrl}/v1/pagos/${b.id}/liquidacion`, { token: ana.apiKey })).status).toBe(404);
    expect((await http('GET', `${gw.publicUrl}/v1/pagos/${b.id}/liquidacion`, { token: beto.apiKey })).body).toMatchObject({ estadoPago: 'conciliado', bruto: 1_500 });

    // The same report sent again, its line ends as LF this time: the same report, nothing moves.
    const again = await importReport(report.replaceAll('\r\n', '\n'));
    expect(again.body.repetidoDe).toMatchObject({ importacion: answer.body.importacion });
    expect(again.body.conciliados).toEqual([]);

    for (const empty of ['', '\uFEFF\r\n\r\n', 'referencia_proveedor,monto,fecha\r\n', '"FECHA";"MONTO";"REFERENCIA"\n\n']) {
      const refused = await importReport(empty);
      expect([refused.status, refused.body.message.fieldErrors]).toEqual([400, { reporte: [empty === '' ? 'reporte must not be empty' : 'the report has no lines'] }]);
    }
  });

  it('a refund racing the approval notice and another refund: refunded once, after the approval, never a 500', async () => {
    let early = 0;
    for (let round = 0; round < 4; round++) {
      const { id } = await createCharge(gw, ana, { monto: 80_000 });
      const answers: HttpAnswer[] = [];
      const approval = operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' });
      // Pairs of refunds at once, again and again, until the charge is refunded: some land before the approval.
      for (let tries = 0; tries < 200; tries++) {
        const pair = await Promise.all([refund(id), refund(id)]);
        answers.push(...pair);
        if (pair.some((p) => p.status === 200)) break;
      }
      expect((await approval).status).toBe(202);
      early += answers.filter((a) => a.status === 409).length;
      const unexpected = answers.filter((a) => !(a.status === 200 || (a.status === 409 && a.body.code === 'invalid_state')));
      expect(unexpected.map((a) => `${a.status} ${a.text}`)).toEqual([]);
      expect(answers.filter((a) => a.status === 200 && a.body.yaReembolsado === false)).toHaveLength(1);
      expect(await eventTypes(gw, id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved', 'ChargeRefunded']);
      const refunds = await gw.infra.dataSource.query(
        'SELECT count(*)::int AS n FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
        [id],
      );
      expect(refunds[0].n).toBe(1);
    }
    expect(early).toBeGreaterThan(0); // some refunds did arrive before the approval
  });

  it('a charge reconciled through pasarela-ops, then refunded: settlement revertida, history in order with its actors, replay equal', async () => {
    const { id, ref } = await approved(beto, 64_000);
    const today = bogotaToday();
    // The provider's own report of the day, as the operator reads it and imports it (through a file).
    const provider = await pasarelaOps(gw, ['charges', 'provider-report', today]);
    expect(provider.code).toBe(0);
    expect(provider.stdout).toContain(`${ref},64000,${today}`);
    const file = `${mkdtempSync('/tmp/money-edges-')}/report.csv`;
    writeFileSync(file, provider.stdout);
    const reconciled = await pasarelaOps(gw, ['--json', 'charges', 'reconcile', file]);
    expect(reconciled.code).toBe(0);
    expect(JSON.parse(reconciled.stdout).conciliados).toEqual(expect.arrayContaining([expect.objectContaining({ pagoId: id })]));

    const refunded = await pasarelaOps(gw, ['--json', 'charges', 'refund', id]);
    expect(refunded.code).toBe(0);
    expect(JSON.parse(refunded.stdout)).toMatchObject({ yaReembolsado: false });
    const liquidacion = await http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token: beto.apiKey });
    expect(liquidacion.body).toMatchObject({ estadoPago: 'reembolsado', estado: 'revertida', bruto: 64_000 });
    expect(liquidacion.body.reembolsadoEn).toEqual(expect.any(String));

    // The report imported again after the refund: the line no longer reconciles, and says why.
    const again = await importReport(provider.stdout);
    expect(again.body.diferencias).toEqual(expect.arrayContaining([expect.objectContaining({ pagoId: id, motivo: 'estado_no_aprobado', estadoPago: 'reembolsado' })]));

    const history = (await operator(gw, 'GET', `/internal/pagos/${id}/eventos`)).body.eventos as Array<{
      tipo: string;
      revision: number;
      metadata: { actor: { type: string; id: string }; correlationId: string; occurredAt: string };
      datos: Record<string, unknown>;
    }>;
    expect(history.map((e) => [e.revision, e.tipo, e.metadata.actor.type])).toEqual([
      [0, 'ChargeCreated', 'merchant-key'],
      [1, 'CheckoutOpened', 'merchant-key'],
      [2, 'PaymentApproved', 'provider'],
      [3, 'ChargeReconciled', 'operator'],
      [4, 'ChargeRefunded', 'operator'],
    ]);
    expect(history[0]!.metadata.actor.id).toBe(beto.keyId);
    expect(history[3]!.datos).toMatchObject({ valueDate: today });
    expect(history[3]!.metadata.correlationId).toBe(JSON.parse(reconciled.stdout).importacion);
    const times = history.map((e) => e.metadata.occurredAt);
    expect([...times].sort()).toEqual(times);

    const replay = await pasarelaOps(gw, ['replay'], { timeout: 120_000 });
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain('Every read model equals its rebuild from position 0.');
  });
});
