// A buyer does what happy paths never try, in a real Chromium: two tabs on one checkout, double clicks, the page
// reopened later from history, the provider silent while the buyer pays. At most one payment ever succeeds, and every
// screen is one of the page's own (never a missing page, never a false "nothing was charged").
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { cardPayButton, createCharge, estadoOf, eventTypes, fillCardUpToPay, operator } from './paying.js';

const MOBILE = { width: 390, height: 844 };
const SLOW_MS = 180_000;
/** The gateway's wait for the provider, short so a silent provider costs the test little. */
const PROVIDER_TIMEOUT_MS = 1500;

describe('a buyer off the happy path', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ providerTimeoutMs: PROVIDER_TIMEOUT_MS }), launchBrowser()]);
    merchant = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' });
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);
  beforeEach(async () => {
    context = await browser.newContext({ viewport: MOBILE, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await context.route(`${DEFAULT_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Gracias</h1>' }));
    page = await context.newPage();
  });
  afterEach(async () => {
    await operator(gw, 'PUT', '/internal/sandbox/comportamiento', {});
    await context.close();
  });

  /** What the buyer reads, the page's own words or a missing page's. */
  const shown = async (p: Page): Promise<string> => (await p.locator('body').innerText()).replace(/\s+/g, ' ');
  const sandboxAttempts = (chargeId: string): Promise<Array<{ metodo: string; estado: string; referencia_efectivo: string | null }>> =>
    gw.infra.dataSource.query(
      `SELECT a.metodo, a.estado, a.referencia_efectivo FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id
        WHERE s.charge_id = $1 ORDER BY a.creado_en`,
      [chargeId],
    );


  it('card in one tab, cash in the other: one payment; the losing tab, reopened later from history, shows it approved', async () => {
    const created = await createCharge(gw, merchant);
    const other = await context.newPage();
    await fillCardUpToPay(page, created.checkoutUrl);
    await other.goto(`${created.checkoutUrl}?metodo=efectivo`);
    await cardPayButton(page).click();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await other.getByRole('button', { name: 'Generar código de pago' }).click();
    await other.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await eventTypes(gw, created.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved']);

    // The losing tab's address, opened again later (a restored tab, the browser's history): the same result page.
    const later = await context.newPage();
    await later.goto(other.url());
    expect(await shown(later)).toContain('¡Pago aprobado!');
    expect(await later.locator('form, iframe').count()).toBe(0);
  }, SLOW_MS);

  it('card paid in one tab after a voucher was issued in the other: the voucher, saying why the card was not used', async () => {
    const created = await createCharge(gw, merchant);
    const other = await context.newPage();
    await fillCardUpToPay(page, created.checkoutUrl);
    await other.goto(`${created.checkoutUrl}?metodo=efectivo`);
    await other.getByRole('button', { name: 'Generar código de pago' }).click();
    await other.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    await cardPayButton(page).click();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe('Ya tienes un código de pago en efectivo para esta compra.');
    expect(await eventTypes(gw, created.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued']);
    // Said once: the page reloaded is the voucher alone.
    await page.reload();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  }, SLOW_MS);

  it('the card frame fits what it shows on a phone, the form as it opens and with every field wrong: no box to scroll inside, no empty space', async () => {
    const created = await createCharge(gw, merchant);
    await page.goto(`${created.checkoutUrl}?metodo=tarjeta`);
    const card = page.frameLocator('iframe');
    await card.getByLabel('Número de la tarjeta').waitFor();
    const frame = page.frames().find((f) => f.url().startsWith(gw.infra.config.sandboxPublicUrl))!;
    // The frame's viewport (what the buyer sees of the form without scrolling inside it) against the form's own height.
    // Asked from here: the frame's CSP allows no string of script to be evaluated in it.
    const gap = () =>
      frame.evaluate(() => {
        const w = globalThis as unknown as { innerHeight: number; document: { documentElement: { getBoundingClientRect(): { height: number } } } };
        return Math.abs(w.innerHeight - w.document.documentElement.getBoundingClientRect().height);
      });
    const fits = async () => expect(await waitUntil(gap, (px) => px <= 2)).toBeLessThanOrEqual(2);
    await fits();
    await card.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4241');
    await card.getByLabel('Nombre como aparece en la tarjeta').fill('A');
    await card.getByLabel('Vence (MM/AA)').fill('13/30');
    await card.getByLabel('Código de seguridad').fill('1');
    await card.getByRole('button', { name: 'Continuar' }).click();
    await card.getByText('Revisa el número de la tarjeta').waitFor();
    await fits();
  }, SLOW_MS);

  it("card expiry typed on a phone's number keypad, which has no slash (1230), or with the year in full (12/2030)", async () => {
    for (const vence of ['1230', '12/2030']) {
      const created = await createCharge(gw, merchant);
      await page.goto(`${created.checkoutUrl}?metodo=tarjeta`);
      const frame = page.frameLocator('iframe');
      expect(await frame.getByLabel('Vence (MM/AA)').getAttribute('inputmode')).toBe('numeric');
      await frame.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4242');
      await frame.getByLabel('Nombre como aparece en la tarjeta').fill('ANA M PEREZ');
      await frame.getByLabel('Vence (MM/AA)').pressSequentially(vence);
      await frame.getByLabel('Código de seguridad').fill('123');
      await frame.getByRole('button', { name: 'Continuar' }).click();
      await frame.getByLabel('Número de cuotas').selectOption('1');
      await cardPayButton(page).click();
      await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
      expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
    }
  }, SLOW_MS);

  it('double clicks on every form, and a bank page decided twice in two tabs: one payment each, the final page shown', async () => {
    // PSE: "Continuar al banco" twice gives one debit; the bank page opened in two tabs, approved in one, rejected in
    // the other: approved, and the late "Rechazar" lands on the approved page.
    const pse = await createCharge(gw, merchant);
    await page.goto(`${pse.checkoutUrl}?metodo=pse`);
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Natural').check();
    await page.getByLabel('Tipo de documento').selectOption('CC');
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).dblclick();
    await page.getByRole('button', { name: 'Autorizar pago' }).waitFor();
    expect((await sandboxAttempts(pse.id)).filter((a) => a.estado !== 'cancelado')).toHaveLength(1);
    const second = await context.newPage();
    await second.goto(page.url());
    await page.getByRole('button', { name: 'Autorizar pago' }).dblclick();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await second.getByRole('button', { name: 'Rechazar' }).click();
    await second.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await eventTypes(gw, pse.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved']);

    const card = await createCharge(gw, merchant);
    await fillCardUpToPay(page, card.checkoutUrl);
    await cardPayButton(page).dblclick();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect((await sandboxAttempts(card.id)).map((a) => a.metodo)).toEqual(['tarjeta']);
    expect(await eventTypes(gw, card.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved']);

    const cash = await createCharge(gw, merchant);
    await page.goto(`${cash.checkoutUrl}?metodo=efectivo`);
    await page.getByRole('button', { name: 'Generar código de pago' }).dblclick();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    expect((await sandboxAttempts(cash.id)).map((a) => a.metodo)).toEqual(['efectivo']);
    expect(await eventTypes(gw, cash.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued']);
    // Back to the cash panel: the voucher, not a second "Generar".
    await page.goBack();
    expect(await shown(page)).toContain('Tu código para pagar en efectivo');
    expect(await page.locator('form').count()).toBe(0);
    expect(await estadoOf(gw, merchant, cash.id)).toBe('pendiente');
  }, SLOW_MS);

  const sentDocument = async (chargeId: string): Promise<string> => {
    const [row] = await gw.infra.dataSource.query(
      "SELECT a.pagador->>'numeroDocumento' AS numero FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = $1",
      [chargeId],
    );
    return row?.numero;
  };

  it('a NIT and a cédula written with thousands dots, as Colombians write them, go to the bank as their digits', async () => {
    const company = await createCharge(gw, merchant);
    await page.goto(`${company.checkoutUrl}?metodo=pse`);
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Jurídica').check();
    await page.getByLabel('Tipo de documento').selectOption('NIT');
    await page.getByLabel('Número de documento').fill('890.900.608-9');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Almacenes Éxito S.A.');
    await page.getByLabel('Correo electrónico').fill('pagos@exito.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.getByRole('button', { name: 'Autorizar pago' }).waitFor();
    // The bank gets the digits; its page shows them as a Colombian reads them.
    expect(await sentDocument(company.id)).toBe('890900608-9');
    expect(await shown(page)).toContain('NIT 890.900.608-9');

    // A wrong check digit written with dots is named as the check digit, not as a badly written NIT.
    const wrongDigit = await createCharge(gw, merchant);
    await page.goto(`${wrongDigit.checkoutUrl}?metodo=pse`);
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Jurídica').check();
    await page.getByLabel('Tipo de documento').selectOption('NIT');
    await page.getByLabel('Número de documento').fill('890.900.608-1');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Almacenes Éxito S.A.');
    await page.getByLabel('Correo electrónico').fill('pagos@exito.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.getByRole('alert').filter({ hasText: 'Revisa estos datos' }).waitFor();
    expect(await shown(page)).toContain('El dígito de verificación (después del guion) no corresponde a ese NIT');

    const person = await createCharge(gw, merchant);
    await page.goto(`${person.checkoutUrl}?metodo=pse`);
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Natural').check();
    await page.getByLabel('Tipo de documento').selectOption('CC');
    await page.getByLabel('Número de documento').fill('1.020.304.050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.getByRole('button', { name: 'Autorizar pago' }).waitFor();
    expect(await sentDocument(person.id)).toBe('1020304050');
    expect(await shown(page)).toContain('CC 1.020.304.050');
    await page.getByRole('button', { name: 'Autorizar pago' }).click();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await estadoOf(gw, merchant, person.id)).toBe('aprobado');
  }, SLOW_MS);

  const silent = (settings: Record<string, unknown>) => operator(gw, 'PUT', '/internal/sandbox/comportamiento', { silencio: true, ...settings });

  it('the provider silent while the buyer pays by card: the buyer sees the payment it made, not "nothing was charged"', async () => {
    const created = await createCharge(gw, merchant);
    await fillCardUpToPay(page, created.checkoutUrl);
    // The processor charges the card and notifies us, then never answers the call itself.
    expect((await silent({ veces: 1 })).status).toBe(200);
    await cardPayButton(page).click();
    await page.waitForURL(created.checkoutUrl);
    const text = await shown(page);
    expect(text).toContain('¡Pago aprobado!');
    expect(text).not.toContain('No se hizo ningún cobro');
    expect(await eventTypes(gw, created.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved']);
  }, SLOW_MS);

  it('the provider silent while the buyer chooses: a Spanish page with a retry, in time; the retry then pays once', async () => {
    const created = await createCharge(gw, merchant);
    await silent({});
    const started = Date.now();
    await page.goto(created.checkoutUrl);
    // Not a spinner for ever: the page comes once the gateway stops waiting, and names the way forward.
    expect(Date.now() - started).toBeLessThan(PROVIDER_TIMEOUT_MS + 15_000);
    const text = await shown(page);
    expect(text).toContain('No pudimos conectar con el sistema de pagos');
    expect(text).toContain('Tienda La Esquina');
    expect(text).not.toContain('No se hizo ningún cobro');
    await operator(gw, 'PUT', '/internal/sandbox/comportamiento', {});
    await page.getByRole('link', { name: 'Intentar de nuevo' }).click();
    await page.getByRole('link', { name: /Efectivo/ }).click();
    // Silent again while the voucher is asked for (the processor issues it all the same).
    await silent({ veces: 1 });
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    // It did not answer in time: the buyer lands on the page, which finds the voucher the processor issued.
    await page.waitForURL(created.checkoutUrl);
    expect(await shown(page)).toContain('Tu código para pagar en efectivo');
    const attempts = await sandboxAttempts(created.id);
    expect(attempts.map((a) => a.metodo)).toEqual(['efectivo']);
    expect((await page.locator('.voucher .code').first().innerText()).trim()).toBe(attempts[0]!.referencia_efectivo);
    expect(await eventTypes(gw, created.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued']);
  }, SLOW_MS);
});
