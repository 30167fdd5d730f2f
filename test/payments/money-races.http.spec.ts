// Money races through the real doors: what arrives at once or out of order (refunds, provider notices, a
// reconciliation, a webhook re-send) must never refund, apply or notify twice, nor lose an outcome, nor answer 500.
import { randomUUID } from 'node:crypto';
import { signNotice } from '../../src/provider/adapters/sandbox/notice-signature.js';
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { createCharge, deliveries, merchantWithEndpoint, untilDeliveries, type WebhookMerchant } from '../webhooks/support/webhooks.js';

const until = async (what: string, check: () => Promise<boolean>): Promise<void> => {
  for (let tries = 0; tries < 300; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not reached`);
};

const bogotaToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
const statuses = (answers: HttpAnswer[]): number[] => answers.map((a) => a.status).sort();
const count = <T>(items: T[], value: T): number => items.filter((item) => item === value).length;

describe('money races', () => {
  let gw: TestGateway;
  let receiver: Receiver;
  let shop: WebhookMerchant;

  const operator = (method: string, path: string, body?: unknown) =>
    http(method, `${gw.adminUrl}${path}`, { token: gw.operatorToken, body });
  const refund = (id: string) => operator('POST', `/internal/pagos/${id}/reembolso`);
  const eventos = async (id: string): Promise<string[]> =>
    (await operator('GET', `/internal/pagos/${id}/eventos`)).body.eventos.map((e: { tipo: string }) => e.tipo);
  const estadoOf = async (id: string, merchant = shop): Promise<string> =>
    (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: merchant.apiKey })).body.estado;
  const sessionOf = async (id: string): Promise<string> =>
    (await gw.infra.dataSource.query('SELECT id FROM sandbox_sessions WHERE charge_id = $1', [id]))[0].id;
  const providerRefunds = async (id: string): Promise<number> =>
    (
      await gw.infra.dataSource.query(
        'SELECT count(*)::int AS n FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
        [id],
      )
    )[0].n;
  const webhooksFor = (id: string) => receiver.accepted.filter((r) => r.rawBody.includes(id));
  const outboxFor = async (id: string): Promise<string[]> =>
    (await gw.infra.dataSource.query('SELECT event_type FROM webhook_deliveries WHERE charge_id = $1 ORDER BY event_type', [id])).map(
      (row: { event_type: string }) => row.event_type,
    );
  /** The provider's signed server-to-server notice (docs/sandbox.md "Notices"), as its bytes. */
  const notice = (chargeId: string, sesion: string, resultado: 'aprobado' | 'rechazado', id = `ntf_${randomUUID()}`) =>
    JSON.stringify({
      id,
      tipo: 'pago.resultado',
      sesion,
      pagoId: chargeId,
      intento: `int_${chargeId.slice(0, 8)}`,
      metodo: 'tarjeta',
      resultado,
      motivo: resultado === 'aprobado' ? null : 'tarjeta_rechazada',
      emitidaEn: new Date().toISOString(),
    });
  const deliver = (raw: string) =>
    http('POST', `${gw.publicUrl}/provider/notices`, {
      headers: { 'content-type': 'application/json', 'sandbox-signature': signNotice(gw.infra.config.providerSecret, raw, new Date()) },
      rawBody: raw,
    });
  /** Approved the way a buyer's payment is: the sandbox decides and notifies the gateway, signed. */
  const approvedBySandbox = async (merchant = shop, monto = 150_000): Promise<string> => {
    const { id } = await createCharge(gw, merchant, monto);
    expect((await operator('POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    await until('approval', async () => (await estadoOf(id, merchant)) === 'aprobado');
    return id;
  };
  /** Waits until the projector is past the charge's last event (so the outbox has seen it) before counting webhooks. */
  const untilProjected = (id: string, estado: string, merchant = shop) =>
    until(`read model ${estado}`, async () => {
      const list = await http('GET', `${gw.publicUrl}/v1/pagos?estado=${estado}&limit=100`, { token: merchant.apiKey });
      return list.body.data.some((c: { id: string }) => c.id === id);
    });

  /** Waits until reconciliation can find the charges by the provider's reference (a read model of its own). */
  const untilReferences = (ids: string[]) =>
    until('provider references projected', async () => {
      const rows = await gw.infra.dataSource.query(
        `SELECT count(*)::int AS n FROM provider_references p JOIN sandbox_attempts a ON a.id = p.referencia_proveedor
           JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = ANY($1::uuid[])`,
        [ids],
      );
      return rows[0].n === ids.length;
    });

  beforeAll(async () => {
    receiver = await Receiver.start();
    gw = await startTestGateway({ providerTimeoutMs: 1500 });
    shop = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = shop.secret ?? '';
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  it('20 concurrent refunds of one approved charge: one ChargeRefunded, one provider refund, the rest replay it', async () => {
    const id = await approvedBySandbox();
    await until('payment.completed delivered', async () => webhooksFor(id).length === 1);
    // Refunds take no Idempotency-Key (the charge is the key): ten carry one and the same, ten another each, to
    // show the header changes nothing.
    const shared = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        http('POST', `${gw.adminUrl}/internal/pagos/${id}/reembolso`, {
          token: gw.operatorToken,
          headers: { 'idempotency-key': n < 10 ? shared : randomUUID() },
        }),
      ),
    );
    expect(statuses(answers)).toEqual(Array(20).fill(200));
    expect(count(answers.map((a) => a.body.yaReembolsado), false)).toBe(1);
    expect(new Set(answers.map((a) => a.body.referenciaReembolso)).size).toBe(1);
    expect(count(await eventos(id), 'ChargeRefunded')).toBe(1);
    expect(await providerRefunds(id)).toBe(1);
    await untilProjected(id, 'reembolsado');
    // A refund sends no webhook (docs/decisions.md, "Refunds"): still the approval's one.
    expect(await outboxFor(id)).toEqual(['payment.completed']);
    expect(webhooksFor(id)).toHaveLength(1);
  });

  it('the same approval notice 10 times at once: applied once, repeated 9 times, one PaymentApproved, one webhook', async () => {
    const { id } = await createCharge(gw, shop);
    const raw = notice(id, await sessionOf(id), 'aprobado');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(raw)));
    expect(statuses(answers)).toEqual(Array(10).fill(200));
    const resultados = answers.map((a) => a.body.resultado);
    expect([count(resultados, 'applied'), count(resultados, 'repeated')]).toEqual([1, 9]);
    expect(await eventos(id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved']);
    await until('payment.completed delivered', async () => webhooksFor(id).length >= 1);
    await untilDeliveries(gw, shop.merchantId, 'entregada');
    expect(await outboxFor(id)).toEqual(['payment.completed']);
    expect(webhooksFor(id)).toHaveLength(1);
  });

  it('an approval and a failure at once: one outcome applied, the other kept once as an anomaly, one webhook', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await createCharge(gw, shop);
      const sesion = await sessionOf(id);
      const approval = notice(id, sesion, 'aprobado');
      const failure = notice(id, sesion, 'rechazado');
      // Each notice twice (the provider retries), all at once.
      const answers = await Promise.all([approval, failure, approval, failure].map(deliver));
      expect(statuses(answers)).toEqual([200, 200, 200, 200]);
      const outcomes = (await eventos(id)).filter((tipo) => tipo === 'PaymentApproved' || tipo === 'PaymentFailed');
      expect(outcomes).toHaveLength(1);
      const won = outcomes[0] === 'PaymentApproved' ? 'aprobado' : 'fallido';
      const anomalies = (await operator('GET', `/internal/anomalias?pagoId=${id}`)).body.data;
      expect(anomalies.map((a: { resultado: string; estadoDelPago: string }) => [a.resultado, a.estadoDelPago])).toEqual([
        [won === 'aprobado' ? 'fallido' : 'aprobado', won],
      ]);
      expect(count(answers.map((a) => a.body.resultado), 'anomaly')).toBeGreaterThanOrEqual(1);
      await untilProjected(id, won);
      await until('webhook delivered', async () => webhooksFor(id).length >= 1);
      expect(await outboxFor(id)).toEqual([won === 'aprobado' ? 'payment.completed' : 'payment.failed']);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No notice reached the merchant twice (a retried delivery carries the same bytes).
    expect(new Set(receiver.accepted.map((r) => r.rawBody)).size).toBe(receiver.accepted.length);
  });

  it('an outcome for a charge still creado (its session opened, the 201 lost) opens the checkout and is applied', async () => {
    expect((await operator('PUT', '/internal/sandbox/comportamiento', { silencio: true, veces: 1 })).status).toBe(200);
    const referencia = `creado-${randomUUID().slice(0, 8)}`;
    const key = randomUUID();
    const create = () =>
      http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: shop.apiKey,
        headers: { 'idempotency-key': key },
        body: { merchantId: shop.merchantId, monto: 80_000, moneda: 'COP', referencia },
      });
    expect((await create()).status).toBe(503);
    const [row] = await gw.infra.dataSource.query(
      "SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = $1",
      [referencia],
    );
    const id: string = row.id;
    expect(await eventos(id)).toEqual(['ChargeCreated']);
    // The provider had opened the session and the buyer paid: its notice races with the merchant's retry.
    const raw = notice(id, await sessionOf(id), 'aprobado');
    const [retried, retriedAgain, ...noticed] = await Promise.all([create(), create(), ...Array.from({ length: 5 }, () => deliver(raw))]);
    expect(statuses(noticed)).toEqual(Array(5).fill(200));
    expect(noticed.map((a) => a.body.resultado).sort()).toEqual(['applied', 'repeated', 'repeated', 'repeated', 'repeated']);
    expect([retried!.status, retriedAgain!.status]).toEqual([201, 201]);
    expect([retried!.body.id, retriedAgain!.body.id]).toEqual([id, id]);
    expect(await eventos(id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved']);
    expect(await estadoOf(id)).toBe('aprobado');
    await until('payment.completed delivered', async () => webhooksFor(id).length >= 1);
    expect(await outboxFor(id)).toEqual(['payment.completed']);
    expect((await operator('GET', `/internal/anomalias?pagoId=${id}`)).body.data).toEqual([]);
  });

  it('refunds racing the reconciliation of their charges: each ends reembolsado, counted once, never as money to pay', async () => {
    const merchant = await merchantWithEndpoint(gw, null);
    const ids: string[] = [];
    for (const monto of [11_000, 12_000, 13_000]) ids.push(await approvedBySandbox(merchant, monto));
    await untilReferences(ids);
    const today = bogotaToday();
    const report = (await operator('GET', `/internal/conciliaciones/reportes/${today}`)).text;
    // Two imports of the same report (two operators) and every refund, all at once.
    const [first, second, ...refunds] = await Promise.all([
      operator('POST', '/internal/conciliaciones', { reporte: report }),
      operator('POST', '/internal/conciliaciones', { reporte: report }),
      ...ids.map(refund),
    ]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(statuses(refunds)).toEqual([200, 200, 200]);
    expect(refunds.map((r) => r.body.yaReembolsado)).toEqual([false, false, false]);
    for (const id of ids) {
      const tipos = await eventos(id);
      expect(count(tipos, 'ChargeRefunded')).toBe(1);
      expect(count(tipos, 'ChargeReconciled')).toBeLessThanOrEqual(1);
      expect(tipos.at(-1)).toBe('ChargeRefunded');
      expect(await providerRefunds(id)).toBe(1);
      const liquidacion = await http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token: merchant.apiKey });
      expect(liquidacion.body).toMatchObject({ estadoPago: 'reembolsado', estado: 'revertida' });
      // Each charge is reconciled by at most one import, and one that was refunded first is a mismatch, not a match.
      const imports = [first!.body, second!.body];
      const reconciledBy = imports.filter((i) => i.conciliados.some((l: { pagoId: string }) => l.pagoId === id)).length;
      expect(reconciledBy).toBe(count(tipos, 'ChargeReconciled'));
      if (reconciledBy === 0) {
        for (const i of imports) {
          expect(i.diferencias.filter((d: { pagoId?: string }) => d.pagoId === id)).toEqual([
            expect.objectContaining({ motivo: 'estado_no_aprobado', estadoPago: 'reembolsado' }),
          ]);
        }
      }
    }
    for (const id of ids) await untilProjected(id, 'reembolsado', merchant);
    const stats = await http('GET', `${gw.publicUrl}/v1/pagos/stats?desde=${today}&hasta=${today}`, { token: merchant.apiKey });
    expect(stats.body.total.porEstado).toMatchObject({
      aprobado: { cantidad: 0, monto: 0 },
      conciliado: { cantidad: 0, monto: 0 },
      reembolsado: { cantidad: 3, monto: 36_000 },
    });
  });

  it('the same report imported three times at once: one import, two repeats naming it, each charge reconciled once', async () => {
    const merchant = await merchantWithEndpoint(gw, null);
    const ids = [await approvedBySandbox(merchant, 21_000), await approvedBySandbox(merchant, 22_000)];
    await untilReferences(ids);
    const report = (await operator('GET', `/internal/conciliaciones/reportes/${bogotaToday()}`)).text;
    const imports = await Promise.all([1, 2, 3].map(() => operator('POST', '/internal/conciliaciones', { reporte: report })));
    expect(statuses(imports)).toEqual([200, 200, 200]);
    const firsts = imports.filter((i) => i.body.repetidoDe === null);
    expect(firsts).toHaveLength(1);
    const first = firsts[0]!.body;
    for (const repeat of imports.filter((i) => i.body.repetidoDe !== null)) {
      expect(repeat.body.repetidoDe).toEqual({ importacion: first.importacion, importadoEn: first.importadoEn });
      expect(repeat.body.conciliados).toEqual([]);
    }
    for (const id of ids) {
      expect(count(await eventos(id), 'ChargeReconciled')).toBe(1);
      expect(first.conciliados.map((l: { pagoId: string }) => l.pagoId)).toContain(id);
    }
  });

  it('re-sends racing the dispatcher: 409 while it sends, one 202 of ten after, exactly two POSTs and two attempts', async () => {
    // Each answer held until the test has seen the re-sends made meanwhile: the dispatcher is sending for as long as
    // they take, not for a fixed time a busy box may outrun.
    const slow = await Receiver.start({ held: true });
    try {
      const merchant = await merchantWithEndpoint(gw, slow.url);
      slow.secret = merchant.secret ?? '';
      const { id } = await createCharge(gw, merchant);
      expect((await deliver(notice(id, await sessionOf(id), 'aprobado'))).body.resultado).toBe('applied');
      await until('the dispatcher is sending', async () => slow.requests.length === 1);
      const during = await Promise.all(Array.from({ length: 5 }, async () => {
        const [delivery] = await deliveries(gw, merchant.merchantId);
        return operator('POST', `/internal/entregas/${delivery!.id}/reenvio`);
      }));
      expect(statuses(during)).toEqual(Array(5).fill(409));
      expect(during.map((a) => a.body.code)).toEqual(Array(5).fill('delivery_pending'));
      slow.release();
      const [delivered] = await untilDeliveries(gw, merchant.merchantId, 'entregada');
      const after = await Promise.all(Array.from({ length: 10 }, () => operator('POST', `/internal/entregas/${delivered!.id}/reenvio`)));
      expect(statuses(after)).toEqual([...Array(1).fill(202), ...Array(9).fill(409)]);
      await until('the re-send is being sent', async () => slow.requests.length === 2);
      slow.release();
      await until('the re-send delivered', async () => {
        const [d] = await deliveries(gw, merchant.merchantId);
        return d?.estado === 'entregada' && d.intentos.length === 2;
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(slow.accepted).toHaveLength(2);
      expect(new Set(slow.accepted.map((r) => r.rawBody)).size).toBe(1);
      const [final] = await deliveries(gw, merchant.merchantId);
      expect(final).toMatchObject({ estado: 'entregada' });
      expect(final!.intentos.map((a) => [a.numero, a.codigoEstado])).toEqual([
        [1, 200],
        [2, 200],
      ]);
    } finally {
      await slow.close();
    }
  });
});
