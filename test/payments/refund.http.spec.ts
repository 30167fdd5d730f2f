// POST /internal/pagos/{id}/reembolso through the real servers: the charge approved by the sandbox provider (the
// signed-notice path), refunded through the provider port, no webhook, a second refund changing nothing.
import type { LoggerService } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { approveCharge } from '../support/outcomes.js';
import { pasarelaOps } from '../support/cli.js';
import { Receiver } from '../webhooks/support/receiver.js';
import { createCharge, merchantWithEndpoint, type WebhookMerchant } from '../webhooks/support/webhooks.js';

const until = async (what: string, check: () => Promise<boolean>): Promise<void> => {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not reached`);
};

/** What the gateway logs at warn, `Context] message`; errors are printed as by default. */
const warnings: string[] = [];
const logger: LoggerService = {
  log: () => undefined,
  warn: (message: unknown, context?: unknown) => void warnings.push(`${String(context)}] ${String(message)}`),
  error: (...args: unknown[]) => console.error(...args),
  fatal: (...args: unknown[]) => console.error(...args),
};

describe('refunds by the operator', () => {
  let gw: TestGateway;
  let receiver: Receiver;
  let shop: WebhookMerchant;

  const refund = (id: string, token?: string) =>
    http('POST', `${gw.adminUrl}/internal/pagos/${id}/reembolso`, { token: token ?? gw.operatorToken });
  const charge = async (id: string) => (await http('GET', `${gw.publicUrl}/v1/pagos/${id}`, { token: shop.apiKey })).body;
  const history = async (id: string) =>
    (await http('GET', `${gw.adminUrl}/internal/pagos/${id}/eventos`, { token: gw.operatorToken })).body.eventos as Array<{
      tipo: string;
      datos: Record<string, unknown>;
      metadata: { actor: unknown; causationId: string | null };
    }>;
  /** Approved the way a buyer's payment is: the sandbox decides and notifies the gateway, signed. */
  const approvedBySandbox = async (monto = 150_000): Promise<string> => {
    const { id } = await createCharge(gw, shop, monto);
    const decided = await http('POST', `${gw.adminUrl}/internal/sandbox/pagos/${id}/resultado`, {
      token: gw.operatorToken,
      body: { resultado: 'aprobado' },
    });
    expect(decided.status).toBe(202);
    await until('approval', async () => (await charge(id)).estado === 'aprobado');
    return id;
  };

  beforeAll(async () => {
    receiver = await Receiver.start();
    gw = await startTestGateway({}, undefined, logger);
    shop = await merchantWithEndpoint(gw, receiver.url);
    receiver.secret = shop.secret ?? '';
  });
  afterAll(async () => {
    await gw.close();
    await receiver.close();
  });

  it('refunds an aprobado charge in full: reembolsado, visible through GET /v1/pagos/{id}, recorded with its cause', async () => {
    const id = await approvedBySandbox(150_000);
    const answer = await refund(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ pagoId: id, estado: 'reembolsado', monto: 150_000, yaReembolsado: false });
    expect(answer.body.referenciaReembolso).toMatch(/^rfd_/);
    expect((await charge(id)).estado).toBe('reembolsado');
    const refunded = (await history(id)).at(-1)!;
    expect(refunded.tipo).toBe('ChargeRefunded');
    expect(refunded.datos).toMatchObject({ monto: 150_000, providerRefundId: answer.body.referenciaReembolso });
    expect(refunded.metadata.actor).toEqual({ type: 'operator', id: 'operator-token' });
    expect(refunded.metadata.causationId).toBe(answer.body.referenciaReembolso);
    const atProvider = await gw.infra.dataSource.query(
      'SELECT r.monto::int AS monto FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
      [id],
    );
    expect(atProvider).toEqual([{ monto: 150_000 }]);
    expect(await gw.infra.dataSource.query('SELECT 1 FROM refund_requests WHERE charge_id = $1', [id])).toEqual([]);
  });

  it('refuses a body (a refund is always of the whole charge): 400 field by field, nothing refunded', async () => {
    const id = await approvedBySandbox(70_000);
    const partial = await http('POST', `${gw.adminUrl}/internal/pagos/${id}/reembolso`, { token: gw.operatorToken, body: { monto: 100 } });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toEqual({
      formErrors: ['A refund is always of the whole charge: send no body'],
      fieldErrors: { monto: ['monto is not a field of this request'] },
    });
    expect((await charge(id)).estado).toBe('aprobado');
    const empty = await http('POST', `${gw.adminUrl}/internal/pagos/${id}/reembolso`, { token: gw.operatorToken, body: {} });
    expect(empty.status).toBe(200);
    expect((await charge(id)).estado).toBe('reembolsado');
  });

  it('a second refund changes nothing and answers the first', async () => {
    const id = await approvedBySandbox(20_000);
    const first = await refund(id);
    const events = (await history(id)).length;
    const second = await refund(id);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...first.body, yaReembolsado: true });
    expect((await history(id)).length).toBe(events);
    const atProvider = await gw.infra.dataSource.query(
      'SELECT count(*)::int AS n FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
      [id],
    );
    expect(atProvider[0].n).toBe(1);
  });

  it('sends no webhook for a refund: the approval was delivered, the refund adds nothing', async () => {
    const id = await approvedBySandbox(31_000);
    await until('payment.completed delivered', async () => receiver.accepted.some((r) => r.rawBody.includes(id)));
    await refund(id);
    // Wait until the projector has turned the refund into the read model (and so past the outbox) before counting.
    await until('read model', async () => {
      const list = await http('GET', `${gw.publicUrl}/v1/pagos?estado=reembolsado&limit=100`, { token: shop.apiKey });
      return list.body.data.some((c: { id: string }) => c.id === id);
    });
    const deliveries = await gw.infra.dataSource.query('SELECT event_type FROM webhook_deliveries WHERE charge_id = $1', [id]);
    expect(deliveries).toEqual([{ event_type: 'payment.completed' }]);
    expect(receiver.requests.filter((r) => r.rawBody.includes(id))).toHaveLength(1);
  });

  it('refunds a conciliado charge; its settlement is then revertida', async () => {
    const id = await approvedBySandbox(42_000);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    await until('provider reference projected', async () => {
      const rows = await gw.infra.dataSource.query(
        'SELECT 1 FROM provider_references p JOIN sandbox_attempts a ON a.id = p.referencia_proveedor JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = $1',
        [id],
      );
      return rows.length === 1;
    });
    const report = await http('GET', `${gw.adminUrl}/internal/conciliaciones/reportes/${today}`, { token: gw.operatorToken });
    const imported = await http('POST', `${gw.adminUrl}/internal/conciliaciones`, { token: gw.operatorToken, body: { reporte: report.text } });
    expect(imported.body.conciliados.map((l: { pagoId: string }) => l.pagoId)).toContain(id);
    expect((await charge(id)).estado).toBe('conciliado');
    expect((await refund(id)).body).toMatchObject({ estado: 'reembolsado', yaReembolsado: false });
    const liquidacion = await http('GET', `${gw.publicUrl}/v1/pagos/${id}/liquidacion`, { token: shop.apiKey });
    expect(liquidacion.body).toMatchObject({ estadoPago: 'reembolsado', estado: 'revertida' });
  });

  it('refuses a pendiente or fallido charge with 409 invalid_state and asks the provider nothing', async () => {
    const pending = await createCharge(gw, shop, 9_000);
    const answer = await refund(pending.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'invalid_state' });
    expect(answer.body.message).toContain('pendiente');
    const failed = await createCharge(gw, shop, 9_000);
    await http('POST', `${gw.adminUrl}/internal/sandbox/pagos/${failed.id}/resultado`, { token: gw.operatorToken, body: { resultado: 'fallido' } });
    await until('failure', async () => (await charge(failed.id)).estado === 'fallido');
    expect((await refund(failed.id)).status).toBe(409);
    expect((await history(pending.id)).map((e) => e.tipo)).toEqual(['ChargeCreated', 'CheckoutOpened']);
    const atProvider = await gw.infra.dataSource.query('SELECT count(*)::int AS n FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = ANY($1::uuid[])', [
      [pending.id, failed.id],
    ]);
    expect(atProvider[0].n).toBe(0);
  });

  it('pasarela-ops charges refund <id> refunds, and says so when it was refunded already', async () => {
    const id = await approvedBySandbox(5_500);
    const ops = () => pasarelaOps(gw, ['charges', 'refund', id]);
    const first = await ops();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^Charge ${id} refunded: 5500 pesos at `));
    expect((await ops()).stdout).toContain(`Charge ${id} was already refunded`);
    // Its settlement line, through the operator's CLI: reverted, refunded when the refund says.
    const line = await pasarelaOps(gw, ['charges', 'settlement', id]);
    expect(line.code).toBe(0);
    expect(line.stdout).toMatch(new RegExp(`^Charge ${id} \\(\\w+, reembolsado\\), approved at \\S+: revertida, payout \\d{4}-\\d{2}-\\d{2}, refunded at `));
    expect(line.stdout).toMatch(/BRUTO +COMISION +IVA COMISION +RETEFUENTE +RETEIVA +RETEICA +NETO\n5500 /);
  });

  it('answers 404 for an unknown or malformed id, and 401 to a merchant key', async () => {
    expect((await refund(randomUUID())).status).toBe(404);
    expect((await refund('no-es-un-pago')).status).toBe(404);
    expect((await refund(randomUUID(), shop.apiKey)).status).toBe(401);
  });

  it('answers 409 when the provider has no such payment (approved without it), and records nothing', async () => {
    const { id } = await createCharge(gw, shop, 7_000);
    await approveCharge(gw, id); // our stream says aprobado; the sandbox never saw a payment
    const answer = await refund(id);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('refund_refused_by_provider');
    expect((await charge(id)).estado).toBe('aprobado');
    // Nothing is left for the worker to finish.
    expect(await gw.infra.dataSource.query('SELECT 1 FROM refund_requests WHERE charge_id = $1', [id])).toEqual([]);
  });

  it('a provider that acts but does not answer in time: 503 with Retry-After, nothing recorded; the retry refunds once', async () => {
    const id = await approvedBySandbox(12_000);
    // The sandbox refunds and then holds its answer past the gateway's PROVIDER_TIMEOUT_MS: the outcome is unknown.
    expect((await http('PUT', `${gw.adminUrl}/internal/sandbox/comportamiento`, { token: gw.operatorToken, body: { silencio: true, veces: 1 } })).status).toBe(200);
    const lost = await refund(id);
    expect([lost.status, lost.headers.get('retry-after'), lost.body.code]).toEqual([503, '2', 'gateway_unavailable']);
    // The operator finds why in the log: one line, as the create path's 503 has, with the charge and the cause only.
    const logged = warnings.filter((line) => line.includes(id));
    expect(logged).toEqual([
      expect.stringMatching(
        new RegExp(`^RefundChargeHandler\\] charge ${id}: refund: Payment provider unavailable: no answer within \\d+ ms; answered 503; a retry or the worker records it, once$`),
      ),
    ]);
    expect((await charge(id)).estado).toBe('aprobado');
    expect((await history(id)).map((e) => e.tipo)).not.toContain('ChargeRefunded');
    const done = await refund(id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ estado: 'reembolsado', monto: 12_000, yaReembolsado: false });
    // The processor's one refund, the one it made while silent, is the one recorded.
    const refunds = await gw.infra.dataSource.query(
      'SELECT r.id FROM sandbox_refunds r JOIN sandbox_sessions s ON s.id = r.session_id WHERE s.charge_id = $1',
      [id],
    );
    expect(refunds.map((r: { id: string }) => r.id)).toEqual([done.body.referenciaReembolso]);
    expect((await refund(id)).body).toMatchObject({ yaReembolsado: true, referenciaReembolso: done.body.referenciaReembolso });
    expect((await history(id)).filter((e) => e.tipo === 'ChargeRefunded')).toHaveLength(1);
  });
});
