// Every provider silence that makes the service say "try again" (a 503, or the hosted page sending the buyer back)
// leaves one warn line, worded as the create path's (docs/decisions.md, "Logs"): what was attempted and for what, the
// cause, what the caller was told; never a session id, token, secret, amount or the buyer's data. A client's mistake
// through the same doors logs nothing of the kind.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { freePort } from '../support/ports.js';
import { createCharge, operator, PAYER, postForm, type Created } from '../checkout/paying.js';

const TIMEOUT_MS = 400;
const SILENT = `Payment provider unavailable: no answer within ${TIMEOUT_MS} ms`;
const REFUSED = 'Payment provider unavailable: connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+';

describe('a provider silence in the log', () => {
  const logger = capturingLogger();
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let proxy: Server;
  let proxyUrl: string;
  /** Requests to the provider whose path matches are held unanswered (the gateway's time-out ends them). */
  let holding: RegExp | null = null;
  let held = 0;
  /** Requests whose path matches are refused, as the sandbox refuses a session it does not know. */
  let refusing: RegExp | null = null;

  beforeAll(async () => {
    gw = await startTestGateway({ providerTimeoutMs: TIMEOUT_MS }, undefined, logger);
    merchant = await onboardMerchant(gw, { nombre: 'Tienda Silencio' });
    // The service reaches the sandbox through this proxy, which can be silent on one call and not on the others
    // (the sandbox's own switch is silent on the next N calls, whichever they are).
    const sandbox = new URL(gw.infra.config.providerUrl);
    proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (holding?.test(req.url ?? '')) {
        held++;
        return;
      }
      if (refusing?.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'no_encontrado', message: 'Sesión no encontrada' }));
        return;
      }
      const upstream = httpRequest({ host: sandbox.hostname, port: sandbox.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      // The gateway gave up (its time-out): so does the proxy, and a connection cut either way ends the other.
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    gw.infra.config.providerUrl = proxyUrl;
  });
  afterAll(async () => {
    await gw.close();
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });
  afterEach(async () => {
    holding = null;
    refusing = null;
    gw.infra.config.providerUrl = proxyUrl;
    await operator(gw, 'PUT', '/internal/sandbox/comportamiento', {});
  });

  const silentOnce = async () => expect((await operator(gw, 'PUT', '/internal/sandbox/comportamiento', { silencio: true, veces: 1 })).status).toBe(200);
  /** The provider unreachable: nothing listens where the service looks for it. */
  const unreachable = async () => {
    gw.infra.config.providerUrl = `http://127.0.0.1:${await freePort()}`;
  };
  /** The log lines from `mark` on that speak of the provider being unavailable. */
  const silenceLines = (mark: number) => logger.lines.slice(mark).filter((line) => line.includes('Payment provider unavailable'));
  const sessionOf = async (chargeId: string): Promise<string> =>
    (await gw.infra.dataSource.query('SELECT id FROM sandbox_sessions WHERE charge_id = $1', [chargeId]))[0].id;
  /** Nothing a line may not hold: the checkout token, the provider's session, keys and secrets, the amount, the payer. */
  const expectNothingSecret = async (lines: string[], charge?: Created, ...more: string[]) => {
    const secrets = [...more, merchant.apiKey, gw.operatorToken, gw.infra.config.providerSecret, PAYER.numeroDocumento, PAYER.email, PAYER.nombre, '150000', '150.000'];
    if (charge) secrets.push(charge.token, await sessionOf(charge.id));
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
  };
  /** The log lines from `mark` on that tell of a refusal the caller heard as "try again". */
  const refusalLines = (mark: number) => logger.lines.slice(mark).filter((line) => line.includes('the provider refused'));
  const one = (lines: string[], pattern: string) => {
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${pattern}$`))]);
  };

  it("the bank list's first load, from GET /v1/pagos/bancos and from the PSE form: 503 and one line each", async () => {
    let mark = logger.lines.length;
    await silentOnce();
    const api = await http('GET', `${gw.publicUrl}/v1/pagos/bancos`, { token: merchant.apiKey });
    expect([api.status, api.body.code]).toEqual([503, 'gateway_unavailable']);
    one(silenceLines(mark), `warn \\[BankList\\] bank list: ${SILENT}; answered 503, no list to serve yet`);
    await expectNothingSecret(silenceLines(mark));

    const charge = await createCharge(gw, merchant);
    mark = logger.lines.length;
    holding = /^\/api\/bancos$/;
    const form = await http('GET', `${charge.checkoutUrl}?metodo=pse`);
    expect(form.status).toBe(503);
    expect(form.text).toContain('no disponible');
    one(silenceLines(mark), `warn \\[BankList\\] bank list: ${SILENT}; answered 503, no list to serve yet`);
    await expectNothingSecret(silenceLines(mark), charge);
  });

  it('a PSE payment from the hosted page: the buyer sent back, one line; a bad bank logs nothing', async () => {
    const charge = await createCharge(gw, merchant);
    expect((await http('GET', `${charge.checkoutUrl}?metodo=pse`)).status).toBe(200); // the bank list, now cached
    const mark = logger.lines.length;
    expect((await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '' })).status).toBe(303); // the buyer's mistake
    expect((await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '0000' })).status).toBe(303);
    expect(silenceLines(mark)).toEqual([]);
    await silentOnce();
    expect((await postForm(`${charge.checkoutUrl}/pse`, { ...PAYER, banco: '9901' })).status).toBe(303);
    one(silenceLines(mark), `warn \\[Checkout\\] charge ${charge.id}: PSE debit: ${SILENT}; the buyer was sent back to the checkout page`);
    await expectNothingSecret(silenceLines(mark), charge);
  });

  it("the card form's panel: 503 page, one line", async () => {
    const charge = await createCharge(gw, merchant);
    const mark = logger.lines.length;
    holding = /\/formularios-tarjeta$/;
    const panel = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
    expect(panel.status).toBe(503);
    expect(held).toBeGreaterThan(0);
    one(silenceLines(mark), `warn \\[Checkout\\] charge ${charge.id}: card form: ${SILENT}; the checkout page answered 503 \\(try again\\)`);
    await expectNothingSecret(silenceLines(mark), charge);
  });

  it('a card payment: the buyer sent back, one line without the card token; a bad token logs nothing', async () => {
    const charge = await createCharge(gw, merchant);
    const panel = await http('GET', `${charge.checkoutUrl}?metodo=tarjeta`);
    const frame = /<iframe[^>]+src="([^"]+)"/.exec(panel.text)?.[1]?.replace(/&amp;/g, '&');
    const card = await postForm(frame!, { numero: '4242424242424242', nombre: 'Ana Pérez', vence: '12/30', cvc: '123' });
    const cardToken = /name="tokenTarjeta" value="([^"]+)"/.exec(card.text)?.[1];
    expect(cardToken).toMatch(/^tok_/);
    const mark = logger.lines.length;
    expect((await postForm(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta: 'tok_nope', cuotas: '1' })).status).toBe(303); // refused
    expect(silenceLines(mark)).toEqual([]);
    await silentOnce();
    expect((await postForm(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta: cardToken!, cuotas: '1' })).status).toBe(303);
    one(silenceLines(mark), `warn \\[Checkout\\] charge ${charge.id}: card payment: ${SILENT}; the buyer was sent back to the checkout page`);
    await expectNothingSecret(silenceLines(mark), charge, cardToken!, '4242');
  });

  it('a cash voucher: the buyer sent back, one line', async () => {
    const charge = await createCharge(gw, merchant);
    const mark = logger.lines.length;
    await silentOnce();
    expect((await postForm(`${charge.checkoutUrl}/efectivo`, {})).status).toBe(303);
    one(silenceLines(mark), `warn \\[CashVouchers\\] charge ${charge.id}: cash voucher: ${SILENT}; no voucher recorded yet, the buyer is asked to try again`);
    await expectNothingSecret(silenceLines(mark), charge);
  });

  it("the hosted page asking the payment's status: 503 page, one line", async () => {
    const charge = await createCharge(gw, merchant);
    const mark = logger.lines.length;
    await silentOnce();
    const page = await http('GET', charge.checkoutUrl);
    expect(page.status).toBe(503);
    expect(page.text).toContain('no disponible');
    one(silenceLines(mark), `warn \\[Checkout\\] charge ${charge.id}: payment status: ${SILENT}; the checkout page answered 503 \\(try again\\)`);
    await expectNothingSecret(silenceLines(mark), charge);
  });

  it("own checkout's PSE debit at POST /v1/pagos: 503, one line; the retry starts it", async () => {
    expect((await operator(gw, 'PUT', `/internal/merchants/${merchant.merchantId}/checkout-propio`, { habilitado: true })).status).toBe(200);
    const post = () =>
      http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': 'silence-own-1' },
        body: { merchantId: merchant.merchantId, monto: 150000, moneda: 'COP', referencia: 'SIL-OWN-1', pagador: { ...PAYER, telefono: '3001234567', banco: '1007' } },
      });
    const mark = logger.lines.length;
    holding = /\/pse$/;
    const lost = await post();
    expect([lost.status, lost.headers.get('retry-after'), lost.body.code]).toEqual([503, '2', 'gateway_unavailable']);
    const [{ id }] = await gw.infra.dataSource.query("SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = 'SIL-OWN-1'");
    one(silenceLines(mark), `warn \\[OwnCheckout\\] charge ${id}: PSE debit: ${SILENT}; answered 503, the retry with the same key starts it`);
    await expectNothingSecret(silenceLines(mark), undefined, '3001234567', await sessionOf(id));
    holding = null;
    expect((await post()).status).toBe(201);
    expect(silenceLines(mark)).toHaveLength(1);
  });

  it("the operator's sandbox result route, the provider unreachable: 503, one line; an unknown charge logs nothing", async () => {
    const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const mark = logger.lines.length;
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' })).status).toBe(404);
    expect(silenceLines(mark)).toEqual([]);
    await unreachable();
    const answer = await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' });
    expect([answer.status, answer.headers.get('retry-after'), answer.body.code]).toEqual([503, '2', 'gateway_unavailable']);
    one(silenceLines(mark), `warn \\[SandboxPayments\\] charge ${id}: sandbox result: ${REFUSED}; answered 503`);
    await expectNothingSecret(silenceLines(mark));
  });

  it("the operator's sandbox behaviour route, the provider unreachable: 503, one line each for PUT and GET", async () => {
    await unreachable();
    const mark = logger.lines.length;
    const put = await operator(gw, 'PUT', '/internal/sandbox/comportamiento', { demoraMs: 10 });
    expect([put.status, put.headers.get('retry-after'), put.body.code]).toEqual([503, '2', 'gateway_unavailable']);
    const get = await operator(gw, 'GET', '/internal/sandbox/comportamiento');
    expect([get.status, get.body.code]).toEqual([503, 'gateway_unavailable']);
    expect(silenceLines(mark)).toHaveLength(2);
    expect(silenceLines(mark)[0]).toMatch(new RegExp(`warn \\[SandboxPayments\\] sandbox behaviour \\(PUT\\): ${REFUSED}; answered 503`));
    await expectNothingSecret(silenceLines(mark));
  });

  it("the provider's settlement report, the provider unreachable: 503, one line; a bad date logs nothing", async () => {
    await unreachable();
    const mark = logger.lines.length;
    expect((await operator(gw, 'GET', '/internal/conciliaciones/reportes/2026-02-30')).status).toBe(400);
    expect(silenceLines(mark)).toEqual([]);
    const answer = await operator(gw, 'GET', '/internal/conciliaciones/reportes/2026-01-02');
    expect([answer.status, answer.headers.get('retry-after'), answer.body.code]).toEqual([503, '2', 'gateway_unavailable']);
    one(silenceLines(mark), `warn \\[SettlementReports\\] settlement report of 2026-01-02: ${REFUSED}; answered 503`);
    await expectNothingSecret(silenceLines(mark));
  });

  it("the provider refusing its settlement report: 409 naming the reason, not a 503 to ask again; one line", async () => {
    const mark = logger.lines.length;
    refusing = /^\/api\/liquidaciones\//;
    const answer = await operator(gw, 'GET', '/internal/conciliaciones/reportes/2026-01-02');
    expect([answer.status, answer.headers.get('retry-after'), answer.body.code]).toEqual([409, null, 'provider_report_refused']);
    expect(answer.body.message).toBe("The provider refused its report of 2026-01-02 (session_not_found); a day's report exists once that day is over");
    one(refusalLines(mark), 'warn \\[SettlementReports\\] settlement report of 2026-01-02: the provider refused \\(session_not_found\\); answered 409');
    await expectNothingSecret(refusalLines(mark), undefined, 'Sesión no encontrada');
  });

  describe('a refusal that is not the buyer\'s, heard as "try again", is logged too (at error, its reason code only)', () => {
    it('a card payment', async () => {
      const charge = await createCharge(gw, merchant);
      const mark = logger.lines.length;
      refusing = /\/tarjeta$/;
      expect((await postForm(`${charge.checkoutUrl}/tarjeta`, { tokenTarjeta: 'tok_refused', cuotas: '1' })).status).toBe(303);
      one(refusalLines(mark), `error \\[Checkout\\] charge ${charge.id}: card payment: the provider refused \\(session_not_found\\); the buyer was sent back to the checkout page`);
      expect(silenceLines(mark)).toEqual([]);
      await expectNothingSecret(refusalLines(mark), charge, 'tok_refused', 'Sesión no encontrada');
    });

    it("the hosted page asking the payment's status", async () => {
      const charge = await createCharge(gw, merchant);
      const mark = logger.lines.length;
      refusing = /^\/api\/sesiones\/[^/]+$/;
      expect((await http('GET', charge.checkoutUrl)).status).toBe(503);
      one(refusalLines(mark), `error \\[Checkout\\] charge ${charge.id}: payment status: the provider refused \\(session_not_found\\); the checkout page answered 503 \\(try again\\)`);
      await expectNothingSecret(refusalLines(mark), charge);
    });

    it('the session POST /v1/pagos opens', async () => {
      const mark = logger.lines.length;
      refusing = /^\/api\/sesiones$/;
      const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': 'refused-session-1' },
        body: { merchantId: merchant.merchantId, monto: 150000, moneda: 'COP', referencia: 'REF-SESSION-1' },
      });
      expect(answer.status).toBe(503);
      const [{ id }] = await gw.infra.dataSource.query("SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = 'REF-SESSION-1'");
      one(refusalLines(mark), `error \\[OpenCheckout\\] charge ${id}: payment session: the provider refused \\(session_not_found\\); answered 503, left creado for a retry`);
      await expectNothingSecret(refusalLines(mark), undefined, 'Sesión no encontrada');
    });

    it("own checkout's PSE debit at POST /v1/pagos", async () => {
      expect((await operator(gw, 'PUT', `/internal/merchants/${merchant.merchantId}/checkout-propio`, { habilitado: true })).status).toBe(200);
      const mark = logger.lines.length;
      refusing = /\/pse$/;
      const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
        token: merchant.apiKey,
        headers: { 'idempotency-key': 'refused-own-1' },
        body: { merchantId: merchant.merchantId, monto: 150000, moneda: 'COP', referencia: 'REF-OWN-1', pagador: { ...PAYER, telefono: '3001234567', banco: '1007' } },
      });
      expect(answer.status).toBe(503);
      const [{ id }] = await gw.infra.dataSource.query("SELECT data->>'chargeId' AS id FROM events WHERE type = 'ChargeCreated' AND data->>'referencia' = 'REF-OWN-1'");
      one(refusalLines(mark), `error \\[OwnCheckout\\] charge ${id}: PSE debit: the provider refused \\(session_not_found\\); answered 503`);
      await expectNothingSecret(refusalLines(mark), undefined, '3001234567', await sessionOf(id));
    });
  });
});
