// An approval is dated by when the provider decided it, not by when its notice reached us (docs/settlement.md): the
// sandbox decides at 23:59:59 in Bogotá while the gateway is unreachable, the notice lands after midnight, and the
// settlement, the tariff, the webhook's `created` and the provider's report all keep the provider's day. A provider
// clock that cannot be right is not believed. Real gateway, real sandbox, real HTTP; the gateway's clock is moved.
import { randomBytes } from 'node:crypto';
import { signNotice } from '../../src/provider/adapters/sandbox/notice-signature.js';
import { createCharge, estadoOf, eventually, operator } from '../checkout/paying.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { NoticeRelay } from '../support/notice-relay.js';
import { Receiver, waitUntil } from '../webhooks/support/receiver.js';
import { merchantWithEndpoint, type WebhookMerchant } from '../webhooks/support/webhooks.js';

const bogota = (local: string): Date => new Date(`${local}-05:00`);

describe("an approval is dated by the provider's decision", () => {
  let db: TestDatabase;
  let gw: TestGateway;
  let relay: NoticeRelay;
  let receiver: Receiver;
  let shop: WebhookMerchant;
  let now = bogota('2026-03-31T09:00:00');
  const clock = { now: () => now };
  const logger = capturingLogger();

  const settlementOf = async (id: string) => {
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token: shop.apiKey });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const approvalEvent = async (id: string): Promise<Record<string, unknown>> => {
    const answer = await operator(gw, 'GET', `/internal/pagos/${id}/eventos`);
    expect(answer.status).toBe(200);
    return answer.body.eventos.find((e: { tipo: string }) => e.tipo === 'PaymentApproved').datos;
  };

  beforeAll(async () => {
    relay = await NoticeRelay.start();
    receiver = await Receiver.start({ now: () => now.getTime() });
    db = await createTestDatabase();
    gw = await startTestGatewayOn(db.url, { sandboxNoticeUrl: relay.url, webhookSecretKey: randomBytes(32) }, clock, logger);
    relay.target = `${gw.publicUrl}/provider/notices`;
    shop = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = shop.secret!;
  });
  afterAll(async () => {
    await gw.close();
    await db.drop();
    await relay.close();
    await receiver.close();
  });

  it('decided at 23:59:59 on Tuesday 31 March, received after midnight: paid on Wednesday 1 April as the report implies, at the old tariff', async () => {
    now = bogota('2026-03-31T23:00:00');
    const charge = await createCharge(gw, shop);

    // The provider decides while the gateway does not answer its notice.
    relay.down = true;
    now = bogota('2026-03-31T23:59:59');
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    expect(await estadoOf(gw, shop, charge.id)).toBe('pendiente');

    // After midnight the merchant's tariff changes, then the gateway is back and the sandbox's retry lands.
    now = bogota('2026-04-01T00:00:10');
    expect((await operator(gw, 'PUT', `/internal/merchants/${shop.merchantId}/tarifa`, { comisionPorcentaje: 5 })).status).toBe(200);
    now = bogota('2026-04-01T00:00:30');
    relay.down = false;
    expect(await eventually(() => estadoOf(gw, shop, charge.id), (estado) => estado === 'aprobado', 15_000)).toBe('aprobado');

    // The provider's report of Tuesday lists it (the reference is the one its notice carried); Wednesday's does not.
    const event = await approvalEvent(charge.id);
    const tuesday = await operator(gw, 'GET', '/internal/conciliaciones/reportes/2026-03-31');
    expect(tuesday.status).toBe(200);
    expect(tuesday.text).toContain(`${event.providerReference},150000,2026-03-31\n`);
    expect((await operator(gw, 'GET', '/internal/conciliaciones/reportes/2026-04-01')).text).not.toContain(String(event.providerReference));

    // So it is Tuesday's approval, paid on Wednesday; dated by the arrival it would wait for Monday 6 April (Holy
    // Thursday and Good Friday are holidays), with the tariff set after the decision.
    const settlement = await settlementOf(charge.id);
    expect(settlement).toMatchObject({ aprobadoEn: '2026-04-01T04:59:59.000Z', fechaPagoEstimada: '2026-04-01' });
    expect(settlement.tarifas.comisionPorcentaje).toBe(2.65);
    expect(settlement.comision).toBe(Math.round(150_000 * 0.0265 + 700));

    // The webhook's `created` is when the payment was approved (docs/webhooks.md).
    await waitUntil(() => receiver.accepted.length === 1, 15_000, 'payment.completed');
    const body = JSON.parse(receiver.accepted[0]!.rawBody);
    expect(body).toMatchObject({ type: 'payment.completed', created: Date.parse('2026-04-01T04:59:59.000Z') / 1000 });

    // The event keeps both times: when the notice arrived, and when the provider says it decided.
    expect(event).toMatchObject({ approvedAt: '2026-04-01T05:00:30.000Z', decidedAt: '2026-04-01T04:59:59.000Z' });
  });

  describe('a provider clock that cannot be right', () => {
    const sessionOf = async (chargeId: string): Promise<string> => {
      const [row] = await gw.infra.dataSource.query('SELECT id FROM sandbox_sessions WHERE charge_id = $1', [chargeId]);
      return row.id;
    };
    /** The sandbox's notice with its decision time, signed as the sandbox signs it, sent when the clock says now. */
    const noticeDecidedAt = async (chargeId: string, decididoEn: unknown, metodo = 'pse') => {
      const raw = JSON.stringify({
        id: `ntf_${randomBytes(8).toString('hex')}`,
        tipo: 'pago.resultado',
        sesion: await sessionOf(chargeId),
        pagoId: chargeId,
        intento: `int_${randomBytes(8).toString('hex')}`,
        metodo,
        resultado: 'aprobado',
        motivo: null,
        decididoEn,
        emitidaEn: now.toISOString(),
      });
      const signature = signNotice(gw.infra.config.providerSecret, raw, now);
      return http('POST', `${gw.publicUrl}/provider/notices`, { headers: { 'content-type': 'application/json', 'sandbox-signature': signature }, rawBody: raw });
    };
    const notBelieved = (chargeId: string) => logger.lines.filter((line) => line.includes(chargeId) && line.includes('not believed'));

    it.each([
      ['4 minutes ahead of the arrival (clocks drift): believed', '2026-04-02T10:04:00-05:00', '2026-04-02T15:04:00.000Z', 0],
      ['6 minutes ahead of the arrival: the arrival, one line logged', '2026-04-02T10:06:00-05:00', '2026-04-02T15:00:00.000Z', 1],
      ['a year ahead: the arrival, one line logged', '2027-04-02T10:00:00-05:00', '2026-04-02T15:00:00.000Z', 1],
      ['a second before the charge was created: the arrival, one line logged', '2026-04-02T08:59:59-05:00', '2026-04-02T15:00:00.000Z', 1],
    ])('a decision time %s', async (_case, decididoEn, aprobadoEn, lines) => {
      now = bogota('2026-04-02T09:00:00');
      const charge = await createCharge(gw, shop);
      now = bogota('2026-04-02T10:00:00');
      const answer = await noticeDecidedAt(charge.id, decididoEn);
      expect(answer.status).toBe(200);
      expect(answer.body.resultado).toBe('applied');
      expect((await settlementOf(charge.id)).aprobadoEn).toBe(aprobadoEn);
      expect(notBelieved(charge.id)).toHaveLength(lines);
    });

    it('a decision time believed ahead of the arrival: a tariff set after the arrival does not rewrite the settlement shown', async () => {
      now = bogota('2026-04-03T09:00:00');
      const charge = await createCharge(gw, shop);
      now = bogota('2026-04-03T10:00:00');
      // The provider's clock runs 4 minutes ahead: it says 10:04 for a payment it decided before its notice came.
      expect((await noticeDecidedAt(charge.id, '2026-04-03T10:04:00-05:00')).body.resultado).toBe('applied');
      now = bogota('2026-04-03T10:01:00');
      const shown = await settlementOf(charge.id);
      expect(shown.aprobadoEn).toBe('2026-04-03T15:04:00.000Z');

      now = bogota('2026-04-03T10:02:00');
      const tarifa = await operator(gw, 'PUT', `/internal/merchants/${shop.merchantId}/tarifa`, { comisionPorcentaje: 3.1 });
      expect(tarifa.status).toBe(200);
      now = bogota('2026-04-03T10:05:00');
      const later = await settlementOf(charge.id);
      expect(later.tarifas).toEqual(shown.tarifas);
      expect(later.neto).toBe(shown.neto);
    });

    it("a decision believed to be tomorrow's at 23:57: tomorrow's retefuente rate can no longer be set, so the settlement shown stays", async () => {
      now = bogota('2026-04-06T23:00:00');
      const charge = await createCharge(gw, shop);
      now = bogota('2026-04-06T23:57:00');
      // A card payment: it carries retefuente, at the table's rate of its approval's day.
      expect((await noticeDecidedAt(charge.id, '2026-04-07T00:01:00-05:00', 'tarjeta')).body.resultado).toBe('applied');
      const shown = await settlementOf(charge.id);
      expect(shown).toMatchObject({ fechaPagoEstimada: '2026-04-08', tarifas: { retefuentePorcentaje: 1.5 } });

      now = bogota('2026-04-06T23:58:00');
      const rate = await operator(gw, 'PUT', '/internal/retefuente/2026-04-07', { porcentaje: 0.5, fuente: 'Decreto de prueba' });
      expect(rate.status).toBe(400);
      expect(Object.keys(rate.body.message.fieldErrors)).toEqual(['vigenteDesde']);
      const later = await settlementOf(charge.id);
      expect(later.tarifas).toEqual(shown.tarifas);
      expect(later.retenciones).toEqual(shown.retenciones);
      // The day after is still open.
      expect((await operator(gw, 'PUT', '/internal/retefuente/2026-04-08', { porcentaje: 0.5, fuente: 'Decreto de prueba' })).status).toBe(200);
    });

    it.each([['2026-04-02 10:00:00'], ['2026-04-02T10:00:00'], ['2026-02-30T10:00:00Z'], [1775142000000]])(
      'refuses a notice whose decididoEn is not an instant (%s): 400 on the field, the charge stays pendiente',
      async (decididoEn) => {
        now = bogota('2026-04-02T09:00:00');
        const charge = await createCharge(gw, shop);
        now = bogota('2026-04-02T10:00:00');
        const answer = await noticeDecidedAt(charge.id, decididoEn);
        expect(answer.status).toBe(400);
        expect(Object.keys(answer.body.message.fieldErrors)).toEqual(['decididoEn']);
        expect(await estadoOf(gw, shop, charge.id)).toBe('pendiente');
      },
    );
  });

  it("the auditor's replay finds the read models equal over approvals with and without the provider's decision time", async () => {
    const started = await operator(gw, 'POST', '/internal/replay');
    expect(started.status).toBe(202);
    const job = await eventually(
      async () => (await operator(gw, 'GET', `/internal/replay/${started.body.id}`)).body,
      (body) => body.estado !== 'en_curso',
      30_000,
    );
    expect(job.estado).toBe('terminada');
    expect(job.resultado.iguales).toBe(true);
  });
});
