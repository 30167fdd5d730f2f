// A buyer pays in a real headless Chromium: PSE approved and rejected, card approved and declined, a cash voucher
// paid at the network and one past its deadline, the return to the merchant with no parameters, a final page.
// Each flow ends by reading the charge through GET /v1/pagos/{id}, as the merchant would.
//
// The merchant's return page is https on its own domain (tienda.example.co), which cannot be served here:
// Playwright's routing answers it and records the exact URL the browser asked for, so nothing is followed out.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { DEFAULT_RETURN_URL, DEFAULT_SITE, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, eventTypes, eventually, MovableClock, type Created } from './paying.js';
import { CONTRAST_SCRIPT, FOCUSED_TEXT } from './contrast.js';
import { screenshot } from './screenshots.js';

const MERCHANT = 'Tienda La Esquina';
const MOBILE = { width: 390, height: 844 };

/** A loaded 2-core machine can run these several times slower than an idle one. */
const SLOW_MS = 180_000;

describe('a buyer pays in the browser', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every URL of the merchant's site the browser asked for. */
  const merchantVisits: string[] = [];

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ voucherExpiryIntervalMs: 100 }, clock), launchBrowser()]);
    merchant = await onboardMerchant(gw, { nombre: MERCHANT });
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  beforeEach(async () => {
    context = await browser.newContext({ viewport: MOBILE, deviceScaleFactor: 2, locale: 'es-CO', timezoneId: 'America/Bogota' });
    await context.route(`${DEFAULT_SITE.replace('https://', 'https://*.')}/**`, (route) => merchantPage(route.request().url(), route));
    await context.route(`${DEFAULT_SITE}/**`, (route) => merchantPage(route.request().url(), route));
    page = await context.newPage();
  });
  afterEach(() => context.close());

  async function merchantPage(url: string, route: { fulfill(options: { status: number; contentType: string; body: string }): Promise<void> }) {
    merchantVisits.push(url);
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Tienda</title><h1>Gracias por tu compra</h1>' });
  }

  const charge = (extra: Record<string, unknown> = {}): Promise<Created> => createCharge(gw, merchant, { monto: 150000, ...extra });

  async function payByPse(created: Created, bank: string): Promise<void> {
    await page.goto(created.checkoutUrl);
    await page.getByRole('link', { name: /PSE/ }).click();
    await page.getByLabel('Banco').selectOption({ label: bank });
    await page.getByLabel('Natural').check();
    await page.getByLabel('Tipo de documento').selectOption('CC');
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
  }

  async function payByCard(created: Created, number: string, cuotas: string | null): Promise<void> {
    await page.goto(created.checkoutUrl);
    await page.getByRole('link', { name: /Tarjeta de crédito o débito/ }).click();
    const frame = page.frameLocator('iframe[title="Formulario de la entidad de pagos para los datos de la tarjeta"]');
    await frame.getByLabel('Número de la tarjeta').fill(number);
    await frame.getByLabel('Nombre como aparece en la tarjeta').fill('ANA M PEREZ');
    await frame.getByLabel('Vence (MM/AA)').fill('12/30');
    await frame.getByLabel('Código de seguridad').fill('123');
    await frame.getByRole('button', { name: 'Continuar' }).click();
    await frame.getByText(/terminada en \d{4}/).waitFor();
    if (cuotas) await frame.getByLabel('Número de cuotas').selectOption(cuotas);
  }

  it('PSE, approved at the bank: the buyer comes back to an approved page; GET says aprobado', async () => {
    const created = await charge();
    await page.goto(created.checkoutUrl);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(MERCHANT);
    expect((await page.locator('.amount').textContent())?.replace(/\u00a0/g, ' ')).toBe('$ 150.000');
    await screenshot(page, '01-elegir-medio');
    await payByPse(created, 'Bancolombia');
    await screenshot(page, '02-pse-formulario');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.waitForURL(`${gw.infra.config.sandboxPublicUrl}/pse/**`);
    await page.getByText('Bancolombia').first().waitFor();
    // The buyer's document as a Colombian reads it, with thousands dots (typed and sent as digits).
    expect(await page.locator('dt:text-is("Documento") + dd').textContent()).toBe('CC 1.020.304.050');
    await screenshot(page, '03-banco-pse');
    await page.getByRole('button', { name: 'Autorizar pago' }).click();
    await page.waitForURL(created.checkoutUrl);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await screenshot(page, '04-pago-aprobado');
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  it('PSE, rejected by the bank: a failed page that offers the way back; GET says fallido', async () => {
    const created = await charge();
    // A form sent empty names its problems, each linked to its field.
    await page.goto(`${created.checkoutUrl}?metodo=pse`);
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.getByRole('alert').filter({ hasText: 'Revisa estos datos' }).waitFor();
    expect(await page.getByLabel('Banco').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '02b-pse-errores');
    await payByPse(created, 'Banco de Pruebas Rechaza');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.waitForURL(`${gw.infra.config.sandboxPublicUrl}/pse/**`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(created.checkoutUrl);
    await page.getByRole('heading', { name: 'El pago no fue aprobado' }).waitFor();
    await page.getByText('Tu banco rechazó el débito por PSE.').waitFor();
    expect(await page.getByRole('link', { name: `Volver a ${MERCHANT}` }).count()).toBe(1);
    await screenshot(page, '05-pse-rechazado');
    expect(await estadoOf(gw, merchant, created.id)).toBe('fallido');
  }, SLOW_MS);

  it('PSE at a bank that keeps it pending: the page waits in place, then shows the outcome by itself', async () => {
    const created = await charge();
    await payByPse(created, 'Banco de Pruebas Pendiente');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.waitForURL(`${gw.infra.config.sandboxPublicUrl}/pse/**`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(created.checkoutUrl);
    await page.getByRole('heading', { name: 'Estamos confirmando tu pago' }).waitFor();
    await screenshot(page, '05b-pse-confirmando');

    // While the bank decides, the page asks whether its screen changed instead of reloading itself: the document
    // stays (a screen reader does not start over), and no reload is left to a <meta> refresh.
    const loads: string[] = [];
    const asks: string[] = [];
    page.on('request', (request) => (request.resourceType() === 'document' ? loads : asks).push(request.url()));
    await page.evaluate('window.sameDocument = true');
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await eventually(async () => asks.filter((url) => url === `${created.checkoutUrl}/estado`).length, (n) => n >= 2, 15_000);
    expect(loads).toEqual([]);
    expect(await page.evaluate('window.sameDocument')).toBe(true);

    // The bank decides (the sandbox's pending bank approves after a minute): the page shows it, unasked.
    clock.advance(61_000);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor({ timeout: 60_000 });
    expect(loads).toEqual([created.checkoutUrl]);
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  it('card, approved: the form is the provider frame, a credit card asks for cuotas; GET says aprobado', async () => {
    const created = await charge();
    await page.goto(`${created.checkoutUrl}?metodo=tarjeta`);
    const frameElement = page.locator('iframe');
    expect(new URL((await frameElement.getAttribute('src')) ?? '').origin).toBe(new URL(gw.infra.config.sandboxPublicUrl).origin);
    await page.frameLocator('iframe').getByLabel('Número de la tarjeta').waitFor();
    await screenshot(page, '06-tarjeta-formulario');
    await payByCard(created, '4242 4242 4242 4242', '3');
    await screenshot(page, '07-tarjeta-cuotas');
    await page.frameLocator('iframe').getByRole('button', { name: /^Pagar \$/ }).click();
    await page.waitForURL(created.checkoutUrl);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
    const [attempt] = await gw.infra.dataSource.query(
      `SELECT a.tarjeta FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = $1`,
      [created.id],
    );
    expect(attempt.tarjeta).toEqual({ marca: 'Visa', tipo: 'credito', ultimos4: '4242', cuotas: 3 });
  }, SLOW_MS);

  it('card form with every field wrong on a phone: the frame grows to show the errors and the button, no scroll inside', async () => {
    const created = await charge();
    await page.goto(`${created.checkoutUrl}?metodo=tarjeta`);
    const frame = page.frameLocator('iframe[title="Formulario de la entidad de pagos para los datos de la tarjeta"]');
    const before = (await page.locator('iframe.card-frame').boundingBox())!.height;
    await frame.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4241');
    await frame.getByLabel('Nombre como aparece en la tarjeta').fill('A');
    await frame.getByLabel('Vence (MM/AA)').fill('1/2');
    await frame.getByLabel('Código de seguridad').fill('1');
    await frame.getByRole('button', { name: 'Continuar' }).click();
    // The answer's page, with its errors (the button alone may still be the posted page's, before the answer lands).
    await frame.locator('[aria-invalid="true"]').first().waitFor();
    await frame.getByRole('button', { name: 'Continuar' }).waitFor();
    const iframe = page.locator('iframe.card-frame');
    // Inside the frame, the button ends within the frame's own viewport: nothing to scroll to.
    type Box = { getBoundingClientRect(): { bottom: number } };
    const overflow = () =>
      frame.getByRole('button', { name: 'Continuar' }).evaluate((button) => (button as unknown as Box).getBoundingClientRect().bottom - (globalThis as unknown as { innerHeight: number }).innerHeight);
    expect(await eventually(overflow, (px) => px <= 0, 10_000)).toBeLessThanOrEqual(0);
    expect(await eventually(async () => (await iframe.boundingBox())!.height, (height) => height > before, 10_000)).toBeGreaterThan(before);
  }, SLOW_MS);

  it('card frame fits its content: the shorter cuotas step leaves no empty box under "Usar otra tarjeta"', async () => {
    const created = await charge();
    await payByCard(created, '4242 4242 4242 4242', '3');
    const frame = page.frameLocator('iframe[title="Formulario de la entidad de pagos para los datos de la tarjeta"]');
    type Rect = { getBoundingClientRect(): { bottom: number } };
    // Where the frame's content ends, inside it, against the frame's height on the page.
    const gap = async () => {
      const contentEnd = await frame.locator('body').evaluate((body) => (body as unknown as Rect).getBoundingClientRect().bottom);
      return (await page.locator('iframe.card-frame').boundingBox())!.height - contentEnd;
    };
    expect(await eventually(gap, (px) => px <= 8, 10_000)).toBeLessThanOrEqual(8);
    // And nothing is cut: the last control ends inside the frame.
    const lastEnd = await frame.getByRole('link', { name: 'Usar otra tarjeta' }).evaluate((link) => (link as unknown as Rect).getBoundingClientRect().bottom);
    expect(lastEnd).toBeLessThanOrEqual((await page.locator('iframe.card-frame').boundingBox())!.height);
  }, SLOW_MS);

  it('card, declined: a failed page; GET says fallido', async () => {
    const created = await charge();
    await payByCard(created, '4000000000000002', '1');
    await page.frameLocator('iframe').getByRole('button', { name: /^Pagar \$/ }).click();
    await page.waitForURL(created.checkoutUrl);
    await page.getByRole('heading', { name: 'El pago no fue aprobado' }).waitFor();
    await page.getByText('El banco que emitió tu tarjeta rechazó el pago.').waitFor();
    await screenshot(page, '08-tarjeta-rechazada');
    expect(await estadoOf(gw, merchant, created.id)).toBe('fallido');
  }, SLOW_MS);

  it('cash: a printable voucher, pendiente until the network takes the money, then aprobado', async () => {
    const created = await charge();
    await page.goto(created.checkoutUrl);
    await page.getByRole('link', { name: /Efectivo/ }).click();
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    expect(await page.getByRole('button', { name: 'Imprimir código' }).isVisible()).toBe(true);
    expect(await page.locator('form, iframe').count()).toBe(0);
    await screenshot(page, '09-codigo-efectivo');
    const reference = (await page.locator('.voucher .code').first().textContent())?.trim() ?? '';
    expect(reference).toMatch(/^\d{10}$/);
    expect(await estadoOf(gw, merchant, created.id)).toBe('pendiente');
    // On paper: the voucher's facts, not the page's buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.voucher').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: `Volver a ${MERCHANT}` }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Imprimir código' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    const cashier = await context.newPage();
    await cashier.goto(`${gw.infra.config.sandboxPublicUrl}/red-efectivo`);
    // Typed as people copy it, in groups.
    await cashier.getByLabel('Referencia de pago').fill(reference.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3'));
    await cashier.getByRole('button', { name: 'Recibir pago' }).click();
    await cashier.getByRole('status').filter({ hasText: 'Pago recibido' }).waitFor();
    await screenshot(cashier, '10-red-efectivo');
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
    await page.reload();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
  }, SLOW_MS);

  it('cash, past its deadline: the voucher expires, the charge stays pendiente, the page says so', async () => {
    const created = await charge();
    await page.goto(`${created.checkoutUrl}?metodo=efectivo`);
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    const reference = (await page.locator('.voucher .code').first().textContent())?.trim() ?? '';
    clock.advance(72 * 3600_000 + 60_000);
    await eventually(() => eventTypes(gw, created.id), (types) => types.includes('CashVoucherExpired'), 5000);
    await page.reload();
    await page.getByRole('heading', { name: 'El código de pago venció' }).waitFor();
    await screenshot(page, '11-codigo-vencido');
    const cashier = await context.newPage();
    await cashier.goto(`${gw.infra.config.sandboxPublicUrl}/red-efectivo`);
    await cashier.getByLabel('Referencia de pago').fill(reference);
    await cashier.getByRole('button', { name: 'Recibir pago' }).click();
    await cashier.getByRole('alert').filter({ hasText: 'venció' }).waitFor();
    expect(await estadoOf(gw, merchant, created.id)).toBe('pendiente');
    expect(await eventTypes(gw, created.id)).toEqual(['ChargeCreated', 'CheckoutOpened', 'CashVoucherIssued', 'CashVoucherExpired']);
  }, SLOW_MS);

  it('cash, left open past its deadline: the page turns to the expired screen by itself', async () => {
    const created = await charge();
    await page.goto(`${created.checkoutUrl}?metodo=efectivo`);
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    clock.advance(72 * 3600_000 - 3000);
    await page.reload();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    // Nobody reloads it: three seconds later the deadline has passed and the page says so.
    await page.getByRole('heading', { name: 'El código de pago venció' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.voucher').count()).toBe(0);
    expect(await estadoOf(gw, merchant, created.id)).toBe('pendiente');
  }, SLOW_MS);

  it('returns the buyer to the merchant with no parameters: the registered page, or the charge urlRetorno as given', async () => {
    const registered = await charge();
    await page.goto(registered.checkoutUrl);
    await page.getByRole('link', { name: `Cancelar y volver a ${MERCHANT}` }).click();
    await page.getByRole('heading', { name: 'Gracias por tu compra' }).waitFor();
    expect(page.url()).toBe(DEFAULT_RETURN_URL);
    expect(merchantVisits.at(-1)).toBe(DEFAULT_RETURN_URL);

    const own = await charge({ urlRetorno: 'https://pagos.tienda.example.co/retorno?orden=77' });
    await payByCard(own, '5555555555554444', '1');
    await page.frameLocator('iframe').getByRole('button', { name: /^Pagar \$/ }).click();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    await page.getByRole('link', { name: `Volver a ${MERCHANT}` }).click();
    await page.getByRole('heading', { name: 'Gracias por tu compra' }).waitFor();
    expect(merchantVisits.at(-1)).toBe('https://pagos.tienda.example.co/retorno?orden=77');
    expect(page.url()).toBe('https://pagos.tienda.example.co/retorno?orden=77');
    expect(await estadoOf(gw, merchant, own.id)).toBe('aprobado');
  }, SLOW_MS);

  it('shows a final charge with its state and never a second payment form, whatever method is asked', async () => {
    const created = await charge();
    const decided = await fetch(`${gw.adminUrl}/internal/sandbox/pagos/${created.id}/resultado`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ resultado: 'aprobado' }),
    });
    expect(decided.status).toBe(202);
    for (const suffix of ['', '?metodo=pse', '?metodo=tarjeta', '?metodo=efectivo']) {
      await page.goto(`${created.checkoutUrl}${suffix}`);
      await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
      expect(await page.locator('form, iframe, input, select').count()).toBe(0);
    }
    await screenshot(page, '12-pagina-final');
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  it('wraps a 120-character referencia with no spaces on a phone: the buyer can read all of it', async () => {
    const referencia = `R${'0123456789'.repeat(11)}XXXXXXXXX`;
    expect(referencia).toHaveLength(120);
    const created = await charge({ referencia });
    await page.goto(created.checkoutUrl);
    const box = await page.locator('.reference').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE.width);
    // The text stays inside its box (a box can fit while its text runs past it, cut off by the card).
    expect(await page.locator('.reference').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect((await page.locator('.reference').innerText()).replace(/\s/g, '')).toBe(`Referencia:${referencia}`);
  }, SLOW_MS);

  it('shows the largest amount whole on a 320 px phone, never cut at the edge of the card', async () => {
    const created = await charge({ monto: gw.infra.config.maxMonto });
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(created.checkoutUrl);
    const amount = page.locator('.amount');
    expect((await amount.textContent())?.replace(/\u00a0/g, ' ')).toBe('$ 1.000.000.000');
    // The card clips what runs past it (overflow: hidden), so the text must fit its own box.
    expect(await amount.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  }, SLOW_MS);

  it('is usable by keyboard and readable: focus goes skip link, then PSE; texts meet 4.5:1 contrast', async () => {
    const created = await charge();
    await page.goto(created.checkoutUrl);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(FOCUSED_TEXT)).toBe('Saltar al contenido');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(FOCUSED_TEXT)).toMatch(/^PSE/);
    await page.goto(`${created.checkoutUrl}?metodo=pse`);
    const selectors = ['.payee', '.amount', '.reference', '.hint', 'label', 'button.primary', '.links a', '.foot p'];
    const ratios = (await page.evaluate(`(${CONTRAST_SCRIPT})(${JSON.stringify(selectors)})`)) as Array<{ selector: string; ratio: number }>;
    expect(ratios.map((r) => r.selector)).toEqual(selectors);
    for (const { selector, ratio } of ratios) expect({ selector, ok: ratio >= 4.5 }).toEqual({ selector, ok: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(created.checkoutUrl);
    await screenshot(page, '13-escritorio');
  }, SLOW_MS);
});
