// Own checkout (DESIGN.md 5.14): the operator enables it per merchant; then POST /v1/pagos with pagador starts the
// PSE debit at once and the checkoutUrl (still ours) sends the buyer straight to the bank's page.
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, operator, PAYER } from './paying.js';

const pagador = { ...PAYER, telefono: '3001234567', banco: '1007' };

describe('own checkout', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway();
    merchant = await onboardMerchant(gw, { nombre: 'Tienda Propia' });
  });
  afterAll(() => gw.close());

  const enable = (merchantId: string, habilitado: unknown) => operator(gw, 'PUT', `/internal/merchants/${merchantId}/checkout-propio`, { habilitado });
  const post = (body: Record<string, unknown>, key = `propio-${Math.random()}`) =>
    http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': key },
      body: { merchantId: merchant.merchantId, monto: 89900, moneda: 'COP', referencia: 'OC-1', ...body },
    });

  it('without the mode: 409 own_checkout_not_enabled, and no charge', async () => {
    const before = await gw.infra.dataSource.query("SELECT count(*)::int AS n FROM events WHERE type = 'ChargeCreated'");
    const answer = await post({ pagador });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ statusCode: 409, code: 'own_checkout_not_enabled' });
    const after = await gw.infra.dataSource.query("SELECT count(*)::int AS n FROM events WHERE type = 'ChargeCreated'");
    expect(after[0].n).toBe(before[0].n);
  });

  it('the operator enables it: 200 with checkoutPropio, recorded with who and when', async () => {
    const answer = await enable(merchant.merchantId, true);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: merchant.merchantId, checkoutPropio: true });
    const me = await http('GET', `${gw.publicUrl}/v1/merchants/me`, { token: merchant.apiKey });
    expect(me.body.checkoutPropio).toBe(true);
    const [change] = await gw.infra.dataSource.query('SELECT habilitado, actor FROM own_checkout_changes WHERE merchant_id = $1', [merchant.merchantId]);
    expect(change).toEqual({ habilitado: true, actor: { type: 'operator', id: 'operator-token' } });
    // Enabled again: nothing changed, so the history gains no second "habilitado".
    expect((await enable(merchant.merchantId, true)).status).toBe(200);
    const changes = await gw.infra.dataSource.query('SELECT habilitado FROM own_checkout_changes WHERE merchant_id = $1', [merchant.merchantId]);
    expect(changes).toEqual([{ habilitado: true }]);
  });

  it('refuses a bad switch: 400 per field, 404 for an unknown merchant, 401 without the token', async () => {
    expect((await enable(merchant.merchantId, 'si')).body.message.fieldErrors.habilitado).toBeDefined();
    expect((await operator(gw, 'PUT', `/internal/merchants/${merchant.merchantId}/checkout-propio`, {})).status).toBe(400);
    expect((await enable('7c9e6679-7425-40de-944b-e07fc1f90ae7', true)).status).toBe(404);
    expect((await http('PUT', `${gw.adminUrl}/internal/merchants/${merchant.merchantId}/checkout-propio`, { body: { habilitado: true } })).status).toBe(401);
  });

  it('with the mode: 201 with our checkoutUrl, which sends the buyer straight to the bank; nothing names the provider', async () => {
    const answer = await post({ pagador });
    expect(answer.status).toBe(201);
    expect(answer.body.estado).toBe('pendiente');
    expect(answer.body.checkoutUrl).toMatch(new RegExp(`^${gw.infra.config.publicBaseUrl}/checkout/[A-Za-z0-9_-]{54}$`));
    expect(Object.keys(answer.body).sort()).toEqual(['checkoutUrl', 'creadoEn', 'estado', 'id', 'merchantId', 'moneda', 'monto', 'referencia']);
    const sandboxPort = new URL(gw.sandboxUrl).port;
    expect(answer.text).not.toMatch(new RegExp(`sandbox|ses_|int_|:${sandboxPort}`, 'i'));

    const page = await http('GET', answer.body.checkoutUrl);
    expect(page.status).toBe(303);
    const bank = page.headers.get('location') ?? '';
    expect(bank).toMatch(new RegExp(`^${gw.infra.config.sandboxPublicUrl}/pse/int_`));

    // The bank's page shows the payer the merchant collected, and the buyer authorises there.
    const bankPage = await http('GET', bank);
    expect(bankPage.text).toContain('Bancolombia');
    expect(bankPage.text).toContain('Ana María Pérez');
    const back = await http('POST', bank, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: 'decision=aprobar' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(answer.body.checkoutUrl);
    expect(await estadoOf(gw, merchant, answer.body.id)).toBe('aprobado');
    const read = await http('GET', `${gw.publicUrl}/v1/pagos/${answer.body.id}`, { token: merchant.apiKey });
    expect(read.text).not.toMatch(/sandbox|ses_|int_/i);
  });

  it('a retried key answers the same charge and starts no second debit', async () => {
    const first = await post({ pagador }, 'propio-retry');
    const again = await post({ pagador }, 'propio-retry');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const attempts = await gw.infra.dataSource.query(
      'SELECT count(*)::int AS n FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = $1',
      [first.body.id],
    );
    expect(attempts[0].n).toBe(1);
    // The same key with another payer is another body.
    expect((await post({ pagador: { ...pagador, email: 'otra@example.com' } }, 'propio-retry')).status).toBe(409);
  });

  it('takes a company paying with its NIT (check digit verified)', async () => {
    const company = { ...pagador, nombre: 'Almacenes Éxito S.A.', tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '890900608-9' };
    expect((await post({ pagador: company })).status).toBe(201);
  });

  it('takes a NIT or a cédula written with thousands dots, and sends the bank its digits', async () => {
    const company = { ...pagador, tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '890.900.608-9' };
    const answer = await post({ pagador: company });
    expect(answer.status).toBe(201);
    const bank = (await http('GET', answer.body.checkoutUrl)).headers.get('location') ?? '';
    // The bank gets the digits; its page shows them as a Colombian reads them.
    const sent = await gw.infra.dataSource.query(
      "SELECT a.pagador->>'numeroDocumento' AS numero FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = $1",
      [answer.body.id],
    );
    expect(sent).toEqual([{ numero: '890900608-9' }]);
    expect((await http('GET', bank)).text).toContain('NIT 890.900.608-9');
    const person = await post({ pagador: { ...pagador, numeroDocumento: '1.020.304.050' } });
    expect(person.status).toBe(201);
    const personBank = (await http('GET', person.body.checkoutUrl)).headers.get('location') ?? '';
    expect((await http('GET', personBank)).text).toContain('CC 1.020.304.050');
    // Dots elsewhere than between groups of three are no way of writing a number.
    const misplaced = await post({ pagador: { ...pagador, numeroDocumento: '10.20.304.050' } });
    expect(misplaced.status).toBe(400);
    expect(Object.keys(misplaced.body.message.fieldErrors)).toEqual(['pagador.numeroDocumento']);
  });

  it('refuses invalid pagador fields with 400, one entry per field', async () => {
    const answer = await post({
      pagador: { ...pagador, tipoPersona: 'juridica', tipoDocumento: 'NIT', numeroDocumento: '890900608-1', email: 'sin-arroba', banco: '17' },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.message.fieldErrors).sort()).toEqual(['pagador.banco', 'pagador.email', 'pagador.numeroDocumento']);
    const unknownBank = await post({ pagador: { ...pagador, banco: '1234' } });
    expect(unknownBank.status).toBe(400);
    expect(Object.keys(unknownBank.body.message.fieldErrors)).toEqual(['pagador.banco']);
    // An email the provider would refuse is the request's fault (400), not the gateway's (a 503 to retry forever).
    const providerRefuses = await post({ pagador: { ...pagador, email: 'ana@correo.c' } });
    expect([providerRefuses.status, Object.keys(providerRefuses.body.message?.fieldErrors ?? {})]).toEqual([400, ['pagador.email']]);
    const notObject = await post({ pagador: 'Ana' });
    expect(notObject.body.message.fieldErrors.pagador).toBeDefined();
  });

  it('checks the body before the mode: invalid pagador is 400 even where the mode is off', async () => {
    const other = await onboardMerchant(gw);
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: other.apiKey,
      headers: { 'idempotency-key': 'otro-1' },
      body: { merchantId: other.merchantId, monto: 1000, moneda: 'COP', referencia: 'X', pagador: { nombre: 'A' } },
    });
    expect(answer.status).toBe(400);
  });

  it('once disabled again, pagador is 409; a charge without pagador still goes to the hosted page', async () => {
    expect((await enable(merchant.merchantId, false)).body.checkoutPropio).toBe(false);
    expect((await post({ pagador })).status).toBe(409);
    const hosted = await createCharge(gw, merchant);
    const page = await http('GET', hosted.checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('¿Cómo quieres pagar?');
  });
});
