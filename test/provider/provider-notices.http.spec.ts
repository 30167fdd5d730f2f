// POST /provider/notices: the provider's signed server-to-server notice. A bad signature is refused, the same notice
// twice changes nothing, and a notice that contradicts a final charge is kept for the operator as an anomaly.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signNotice } from '../../src/provider/adapters/sandbox/notice-signature.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { capturingLogger } from '../support/logging.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, eventTypes, operator } from '../checkout/paying.js';

describe('provider notices', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let secret: string;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw);
    secret = gw.infra.config.providerSecret;
  });
  afterAll(() => gw.close());

  const send = (raw: string, signature: string | undefined, contentType = 'application/json') =>
    http('POST', `${gw.publicUrl}/provider/notices`, {
      headers: { 'content-type': contentType, ...(signature ? { 'sandbox-signature': signature } : {}) },
      rawBody: raw,
    });
  const signed = (raw: string, at = new Date()) => send(raw, signNotice(secret, raw, at));

  async function sessionOf(chargeId: string): Promise<string> {
    const [row] = await gw.infra.dataSource.query('SELECT id FROM sandbox_sessions WHERE charge_id = $1', [chargeId]);
    return row.id;
  }

  const notice = (chargeId: string, sesion: string, resultado: 'aprobado' | 'rechazado', id = `ntf_test_${Math.random().toString(36).slice(2)}`) =>
    JSON.stringify({
      id,
      tipo: 'pago.resultado',
      sesion,
      pagoId: chargeId,
      intento: 'int_test',
      metodo: 'tarjeta',
      resultado,
      motivo: resultado === 'aprobado' ? null : 'tarjeta_rechazada',
      emitidaEn: new Date().toISOString(),
    });

  it('applies a notice signed with the provider secret: the charge is aprobado', async () => {
    const charge = await createCharge(gw, merchant);
    const answer = await signed(notice(charge.id, await sessionOf(charge.id), 'aprobado'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ recibida: true, resultado: 'applied' });
    expect(await estadoOf(gw, merchant, charge.id)).toBe('aprobado');
  });

  it('refuses a bad signature, another secret, a missing header or an old notice with 400; nothing changes', async () => {
    const charge = await createCharge(gw, merchant);
    const raw = notice(charge.id, await sessionOf(charge.id), 'aprobado');
    const tampered = raw.replace('"aprobado"', '"rechazado"');
    const answers = [
      await send(tampered, signNotice(secret, raw, new Date())),
      await send(raw, signNotice('not-the-provider-secret-at-all', raw, new Date())),
      await send(raw, undefined),
      await signed(raw, new Date(Date.now() - 301_000)),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid_notice_signature');
    }
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    expect(await eventTypes(gw, charge.id)).toEqual(['ChargeCreated', 'CheckoutOpened']);
  });

  it('changes nothing when the same notice comes again (a provider retry)', async () => {
    const charge = await createCharge(gw, merchant);
    const raw = notice(charge.id, await sessionOf(charge.id), 'rechazado');
    expect((await signed(raw)).body.resultado).toBe('applied');
    const events = await eventTypes(gw, charge.id);
    const again = await signed(raw);
    expect(again.status).toBe(200);
    expect(again.body.resultado).toBe('repeated');
    expect(await eventTypes(gw, charge.id)).toEqual(events);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('fallido');
  });

  it("replays the sandbox's own delivered notice: same bytes, re-signed, nothing changes", async () => {
    const charge = await createCharge(gw, merchant);
    await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' });
    const [stored] = await gw.infra.dataSource.query(
      'SELECT n.body FROM sandbox_notices n JOIN sandbox_attempts a ON a.id = n.attempt_id WHERE a.session_id = $1',
      [await sessionOf(charge.id)],
    );
    const before = await eventTypes(gw, charge.id);
    expect((await signed(stored.body)).body.resultado).toBe('repeated');
    expect(await eventTypes(gw, charge.id)).toEqual(before);
  });

  it('keeps a notice that contradicts a final charge as an anomaly for the operator, once, and leaves the charge', async () => {
    const charge = await createCharge(gw, merchant);
    const sesion = await sessionOf(charge.id);
    await signed(notice(charge.id, sesion, 'aprobado'));
    const contradiction = notice(charge.id, sesion, 'rechazado', 'ntf_contradice');
    const answer = await signed(contradiction);
    expect(answer.status).toBe(200);
    expect(answer.body.resultado).toBe('anomaly');
    expect((await signed(contradiction)).body.resultado).toBe('anomaly');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('aprobado');

    const listed = await operator(gw, 'GET', `/internal/anomalias?pagoId=${charge.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      avisoId: 'ntf_contradice',
      pagoId: charge.id,
      tipo: 'contradictory_outcome',
      resultado: 'fallido',
      metodo: 'tarjeta',
      estadoDelPago: 'aprobado',
      aviso: JSON.parse(contradiction),
    });
  });

  it('keeps an approval that arrives after the charge failed (a payment to refund), never applying it', async () => {
    const charge = await createCharge(gw, merchant);
    const sesion = await sessionOf(charge.id);
    await signed(notice(charge.id, sesion, 'rechazado'));
    expect((await signed(notice(charge.id, sesion, 'aprobado'))).body.resultado).toBe('anomaly');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('fallido');
    const listed = await operator(gw, 'GET', `/internal/anomalias?pagoId=${charge.id}`);
    expect(listed.body.data.map((a: { resultado: string; estadoDelPago: string }) => [a.resultado, a.estadoDelPago])).toEqual([['aprobado', 'fallido']]);
  });

  it("keeps a second attempt's approval after the charge was approved (a double charge to refund), never as a repeat", async () => {
    // Two tabs, two methods, one charge: the card's approval applied, then the provider reports the PSE debit of
    // the same session approved too. The buyer paid twice; the operator must see it to refund one.
    const charge = await createCharge(gw, merchant);
    const sesion = await sessionOf(charge.id);
    expect((await signed(notice(charge.id, sesion, 'aprobado'))).body.resultado).toBe('applied');
    const events = await eventTypes(gw, charge.id);
    const second = JSON.stringify({ ...JSON.parse(notice(charge.id, sesion, 'aprobado', 'ntf_segundo_pago')), intento: 'int_pse_otro', metodo: 'pse' });
    expect((await signed(second)).body.resultado).toBe('anomaly');
    expect((await signed(second)).body.resultado).toBe('anomaly');
    expect(await eventTypes(gw, charge.id)).toEqual(events);
    expect(await estadoOf(gw, merchant, charge.id)).toBe('aprobado');
    const listed = await operator(gw, 'GET', `/internal/anomalias?pagoId=${charge.id}`);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ avisoId: 'ntf_segundo_pago', tipo: 'contradictory_outcome', resultado: 'aprobado', metodo: 'pse', estadoDelPago: 'aprobado' });
  });

  it('still takes an approval of the same attempt under a new notice id as a repeat', async () => {
    const charge = await createCharge(gw, merchant);
    const sesion = await sessionOf(charge.id);
    expect((await signed(notice(charge.id, sesion, 'aprobado'))).body.resultado).toBe('applied');
    expect((await signed(notice(charge.id, sesion, 'aprobado'))).body.resultado).toBe('repeated');
    expect((await operator(gw, 'GET', `/internal/anomalias?pagoId=${charge.id}`)).body.data).toHaveLength(0);
  });

  it('keeps a notice for an unknown charge or another session as an anomaly', async () => {
    const unknown = await signed(notice('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'ses_x', 'aprobado', 'ntf_sin_pago'));
    expect(unknown.body.resultado).toBe('anomaly');
    const charge = await createCharge(gw, merchant);
    expect((await signed(notice(charge.id, 'ses_de_otro', 'aprobado'))).body.resultado).toBe('anomaly');
    expect(await estadoOf(gw, merchant, charge.id)).toBe('pendiente');
    const all = await operator(gw, 'GET', '/internal/anomalias');
    const kinds = all.body.data.map((a: { tipo: string }) => a.tipo);
    expect(kinds).toEqual(expect.arrayContaining(['unknown_charge', 'session_mismatch']));
  });

  it('refuses a signed notice that is not a notice, field by field, and a non-JSON body', async () => {
    const bad = await signed(JSON.stringify({ id: 'ntf_1', pagoId: 'x', resultado: 'quizas' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message.fieldErrors)).toEqual(expect.arrayContaining(['pagoId', 'resultado', 'metodo', 'sesion']));
    const form = await send('a=1', signNotice(secret, 'a=1', new Date()), 'application/x-www-form-urlencoded');
    expect(form.status).toBe(400);
  });

  it('lists anomalies only on the operator listener, with its token', async () => {
    expect((await http('GET', `${gw.adminUrl}/internal/anomalias`)).status).toBe(401);
    expect((await http('GET', `${gw.publicUrl}/internal/anomalias`, { token: gw.operatorToken })).status).toBe(404);
    expect((await operator(gw, 'GET', '/internal/anomalias?limit=0')).status).toBe(400);
  });
});

describe('the sandbox retrying a notice the gateway did not take', () => {
  const logger = capturingLogger();
  let gw: TestGateway;
  let refusing: Server;

  beforeAll(async () => {
    // Where the sandbox sends its notices: a listener that answers every one 503.
    refusing = createServer((_request, response) => void response.writeHead(503).end());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as AddressInfo;
    gw = await startTestGateway({ sandboxNoticeUrl: `http://127.0.0.1:${port}/provider/notices` }, undefined, logger);
  });
  afterAll(async () => {
    await gw?.close();
    await new Promise((resolve) => refusing?.close(resolve));
  });

  it('sends it again after 1, 5 and 25 s, as docs/sandbox.md says, each failure one line naming the wait', async () => {
    const merchant = await onboardMerchant(gw);
    const charge = await createCharge(gw, merchant);
    expect((await operator(gw, 'POST', `/internal/sandbox/pagos/${charge.id}/resultado`, { resultado: 'aprobado' })).status).toBe(202);
    const failures = () => logger.lines.filter((line) => line.includes('not delivered (status 503)'));
    await waitUntil(async () => failures(), (lines) => lines.length >= 3, 60_000);
    expect(failures().slice(0, 3).map((line) => /; next try in (\d+) s$/.exec(line)?.[1])).toEqual(['1', '5', '25']);
  }, 90_000);
});
