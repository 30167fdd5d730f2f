// A buyer pays with the keyboard only, on a phone-sized screen: PSE, card (in and out of the provider's frame) and
// cash, each through to its result page and back to the merchant. Every Tab stop shows a focus ring of 3:1; every
// page says it is Spanish, has a title and one h1, names its fields, frames and icons; a refused form names each
// problem on its field and takes the focus to it; nothing overflows sideways at 360 or 320 px, fields are 16 px
// (no zoom on iOS) with the right keypad and autofill, and the main targets are 44 px high.
// Keyboard only: no click, fill or selectOption here; Playwright reads the pages, the buyer's hands are the keys.
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { DEFAULT_RETURN_URL, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { FOCUS_SCRIPT, type Focus } from './contrast.js';
import { createCharge, estadoOf, eventually } from './paying.js';

const MERCHANT = 'Tienda La Esquina';
const PHONE = { width: 360, height: 740 };
const SLOW_MS = 120_000;

/** What a screen reader and a phone need of the document it runs in. */
const PAGE_FACTS = `(() => {
  const text = (node) => (node ? node.textContent.replace(/\\s+/g, ' ').trim() : '');
  const fields = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')];
  const nameOf = (el) => el.getAttribute('aria-label') || [...(el.labels || [])].map(text).join(' ');
  const typed = fields.filter((el) => el.type !== 'radio' && el.type !== 'checkbox');
  const targets = [...document.querySelectorAll('button:not([hidden]), a.button, a.method, .links a, .choice, input:not([type=hidden]):not([type=radio]), select')];
  return {
    lang: document.documentElement.lang,
    title: document.title,
    h1: [...document.querySelectorAll('h1')].map(text),
    unnamedFields: fields.filter((el) => !nameOf(el).trim()).map((el) => el.name),
    unnamedFrames: [...document.querySelectorAll('iframe')].filter((f) => !(f.getAttribute('title') || '').trim()).length,
    spokenIcons: [...document.querySelectorAll('svg')].filter((svg) => svg.getAttribute('aria-hidden') !== 'true').length,
    overflow: document.scrollingElement.scrollWidth - innerWidth,
    smallText: typed.filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16).map((el) => el.name),
    smallTargets: targets.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.name || text(el)),
    invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => ({
      field: el.name,
      error: (el.getAttribute('aria-describedby') || '').split(' ').map((id) => text(document.getElementById(id))).join(' '),
    })),
  };
})()`;

interface PageFacts {
  lang: string;
  title: string;
  h1: string[];
  unnamedFields: string[];
  unnamedFrames: number;
  spokenIcons: number;
  overflow: number;
  smallText: string[];
  smallTargets: string[];
  invalid: Array<{ field: string; error: string }>;
}

const factsOf = (frame: Page | Frame): Promise<PageFacts> => frame.evaluate(PAGE_FACTS) as Promise<PageFacts>;

describe('a buyer pays with the keyboard only, on a phone, with what a screen reader needs', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every Tab stop of the test, to check their focus rings at the end. */
  let stops: Focus[];

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    merchant = await onboardMerchant(gw, { nombre: MERCHANT });
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  beforeEach(async () => {
    stops = [];
    context = await browser.newContext({ viewport: PHONE, locale: 'es-CO', timezoneId: 'America/Bogota' });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  /** Where the focus is, in the page or in the card frame. */
  async function focused(): Promise<Focus | null> {
    for (const frame of page.frames()) {
      const focus = (await frame.evaluate(FOCUS_SCRIPT).catch(() => null)) as Focus | null;
      if (focus) return focus;
    }
    return null;
  }

  async function press(key: string): Promise<Focus | null> {
    await page.keyboard.press(key);
    const focus = await focused();
    if (focus) stops.push(focus);
    return focus;
  }

  /** Presses Tab (or Shift+Tab) until the focus is on `name`; the stops on the way, `name` last. */
  async function tabTo(name: string | RegExp, key = 'Tab', max = 15): Promise<string[]> {
    const path: string[] = [];
    for (let i = 0; i < max; i++) {
      const focus = await press(key);
      path.push(focus?.name ?? '(nothing)');
      if (focus && (typeof name === 'string' ? focus.name === name : name.test(focus.name))) return path;
    }
    throw new Error(`${key} never reached ${String(name)}; it went ${path.join(' > ')}`);
  }

  /** Where the focus is once a navigation (a link to a field, a frame reloading) has moved it. */
  const focusSettlesOn = (name: string): Promise<string | undefined> =>
    eventually(() => focused().then((focus) => focus?.name), (now) => now === name);

  async function type(text: string): Promise<void> {
    await page.keyboard.type(text);
  }

  /** The page's Spanish, title, single h1, named fields, frames and icons, and its phone fit. */
  async function expectReadable(titled: RegExp): Promise<PageFacts> {
    const facts = await factsOf(page);
    expect({ lang: facts.lang.slice(0, 2), title: titled.test(facts.title) ? 'ok' : facts.title, h1: facts.h1.length }).toEqual({
      lang: 'es',
      title: 'ok',
      h1: 1,
    });
    expect({ fields: facts.unnamedFields, frames: facts.unnamedFrames, icons: facts.spokenIcons }).toEqual({ fields: [], frames: 0, icons: 0 });
    expect({ overflow: facts.overflow <= 0, smallText: facts.smallText, smallTargets: facts.smallTargets }).toEqual({
      overflow: true,
      smallText: [],
      smallTargets: [],
    });
    return facts;
  }

  const cardFrame = (): Frame => {
    const frame = page.frames().find((f) => f !== page.mainFrame());
    if (!frame) throw new Error('no card frame');
    return frame;
  };

  // Checked after the flow, so a flow that fails says where first.
  afterEach(() => expect(stops.filter((stop) => stop.ring < 3)).toEqual([]));

  it('PSE: a refused form takes the focus to its problems, each tied to its field; then the bank, the result, the merchant', async () => {
    const created = await createCharge(gw, merchant);
    await page.goto(created.checkoutUrl);
    await expectReadable(/^Elige cómo pagar · Tienda La Esquina$/);
    expect(await tabTo(/^PSE/)).toEqual(['Saltar al contenido', expect.stringMatching(/^PSE/)]);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pagar con PSE' }).waitFor();
    const form = await expectReadable(/^Pagar con PSE · /);
    expect(form.invalid).toEqual([]);

    // In the order the fields are read; one stop for the radio group.
    expect(await tabTo('Elegir otro medio de pago')).toEqual([
      'Saltar al contenido',
      '#banco',
      'radio:natural',
      '#tipoDocumento',
      '#numeroDocumento',
      '#nombre',
      '#email',
      '#telefono',
      'Continuar al banco',
      'Elegir otro medio de pago',
    ]);
    // Sent empty: the page comes back with its error summary focused, so it is read at once.
    await tabTo('Continuar al banco', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Revisa estos datos' }).waitFor();
    // The browser moves the focus to the `autofocus` summary after load: wait for it to leave the body first.
    await page.waitForFunction('document.activeElement && document.activeElement !== document.body', undefined, { timeout: 3_000 }).catch(() => undefined);
    expect(await page.evaluate(`document.activeElement.getAttribute('role') + ': ' + document.activeElement.querySelector('h3').textContent`)).toBe(
      'alert: Revisa estos datos',
    );
    const refused = await expectReadable(/^Pagar con PSE · /);
    expect(refused.invalid).toEqual([
      { field: 'banco', error: 'Elige tu banco.' },
      { field: 'numeroDocumento', error: expect.stringMatching(/^Escribe el número de documento/) },
      { field: 'nombre', error: 'Escribe el nombre del titular de la cuenta.' },
      { field: 'email', error: expect.stringMatching(/^Escribe un correo electrónico válido/) },
    ]);

    // The summary's first link takes the focus to the bank list; arrows choose in it.
    expect(await tabTo(/^Banco: /)).toEqual([expect.stringMatching(/^Banco: /)]);
    await page.keyboard.press('Enter');
    expect(await focusSettlesOn('#banco')).toBe('#banco');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(`document.getElementById('banco').selectedOptions[0].textContent`)).toBe('Banco de Pruebas Aprueba');
    await tabTo('#tipoDocumento');
    // A cédula is digits: the phone offers a number keypad; a passport takes letters.
    expect(await page.getAttribute('#numeroDocumento', 'inputmode')).toBe('numeric');
    await page.keyboard.press('End');
    expect(await page.getAttribute('#numeroDocumento', 'inputmode')).toBe('text');
    await page.keyboard.press('Home');
    expect(await page.getAttribute('#numeroDocumento', 'inputmode')).toBe('numeric');
    await tabTo('#numeroDocumento');
    await type('1020304050');
    await tabTo('#nombre');
    await type('Ana María Pérez');
    await tabTo('#email');
    await type('ana@example.com');
    await tabTo('Continuar al banco');
    await page.keyboard.press('Enter');

    await page.waitForURL(`${gw.infra.config.sandboxPublicUrl}/pse/**`);
    await expectReadable(/^Banco de Pruebas Aprueba: pago PSE$/);
    expect(await tabTo('Continuar')).toEqual(['Continuar']);
    await page.keyboard.press('Enter');
    await page.waitForURL(created.checkoutUrl);
    await expectResultAndGoBack(/^Pago aprobado · /, '¡Pago aprobado!');
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  /** The result page names its outcome in the title and a heading; Tab reaches the way back, Enter takes it. */
  async function expectResultAndGoBack(titled: RegExp, outcome: string): Promise<void> {
    await page.getByRole('heading', { name: outcome }).waitFor();
    await expectReadable(titled);
    expect(await tabTo(`Volver a ${MERCHANT}`)).toEqual(['Saltar al contenido', `Volver a ${MERCHANT}`]);
    // The merchant's https site cannot be served here, and Playwright's routing misses a navigation started from
    // the keyboard: the browser asking for the return page is the proof.
    const leaving = page.waitForRequest((request) => request.isNavigationRequest() && request.url() === DEFAULT_RETURN_URL);
    await page.keyboard.press('Enter');
    await leaving;
  }

  it('card: Tab goes into the provider frame and out again, a refused card focuses its first problem, cuotas by arrows', async () => {
    const created = await createCharge(gw, merchant);
    await page.goto(created.checkoutUrl);
    await tabTo(/^Tarjeta de crédito o débito/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pagar con tarjeta' }).waitFor();
    await page.frameLocator('iframe').getByLabel('Número de la tarjeta').waitFor();
    await expectReadable(/^Pagar con tarjeta · /);
    // Over plain http no part of the page claims the form is "seguro": the bar, the footer and the frame agree.
    expect(await page.getAttribute('iframe', 'title')).toBe('Formulario de la entidad de pagos para los datos de la tarjeta');

    // Into the frame, through it, out to the page's link; and back again with Shift+Tab: no trap either way.
    expect(await tabTo('Elegir otro medio de pago')).toEqual([
      'Saltar al contenido',
      '#numero',
      '#nombre',
      '#vence',
      '#cvc',
      'Continuar',
      'Elegir otro medio de pago',
    ]);
    expect(await tabTo('Saltar al contenido', 'Shift+Tab')).toEqual(['Continuar', '#cvc', '#vence', '#nombre', '#numero', 'Saltar al contenido']);

    const fields = await cardFrame().evaluate(
      `[...document.querySelectorAll('input')].map((el) => [el.name, el.getAttribute('autocomplete'), el.getAttribute('inputmode') || 'text', el.required])`,
    );
    expect(fields).toEqual([
      ['numero', 'cc-number', 'numeric', true],
      ['nombre', 'cc-name', 'text', true],
      ['vence', 'cc-exp', 'numeric', true],
      ['cvc', 'cc-csc', 'numeric', true],
    ]);
    const empty = await factsOf(cardFrame());
    expect({ lang: empty.lang.slice(0, 2), unnamed: empty.unnamedFields, small: empty.smallText, targets: empty.smallTargets }).toEqual({
      lang: 'es',
      unnamed: [],
      small: [],
      targets: [],
    });

    // A number that fails Luhn: the frame reloads with the focus on the number, its error read with it.
    await tabTo('#numero');
    await type('4242 4242 4242 4241');
    await tabTo('#nombre');
    await type('ANA M PEREZ');
    await tabTo('#vence');
    await type('12/30');
    await tabTo('#cvc');
    await type('123');
    await page.keyboard.press('Enter');
    await page.frameLocator('iframe').getByText('Revisa el número de la tarjeta').waitFor();
    expect(await focusSettlesOn('#numero')).toBe('#numero');
    expect((await factsOf(cardFrame())).invalid).toEqual([{ field: 'numero', error: expect.stringMatching(/^Revisa el número de la tarjeta/) }]);

    await type('4242 4242 4242 4242');
    await tabTo('#cvc');
    await type('123');
    await page.keyboard.press('Enter');
    await page.frameLocator('iframe').getByText(/terminada en 4242/).waitFor();
    expect((await factsOf(cardFrame())).smallTargets).toEqual([]); // "Usar otra tarjeta" too
    await tabTo('#cuotas');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await tabTo(/^Pagar \$/)).toEqual([expect.stringMatching(/^Pagar \$\s150\.000$/)]);
    await page.keyboard.press('Enter');
    await page.waitForURL(created.checkoutUrl);
    await expectResultAndGoBack(/^Pago aprobado · /, '¡Pago aprobado!');
    const [attempt] = await gw.infra.dataSource.query(
      `SELECT a.tarjeta FROM sandbox_attempts a JOIN sandbox_sessions s ON s.id = a.session_id WHERE s.charge_id = $1`,
      [created.id],
    );
    expect(attempt.tarjeta).toMatchObject({ ultimos4: '4242', cuotas: 3 });
  }, SLOW_MS);

  it('cash: the voucher by keyboard, paid at the network counter by keyboard, then the approved page', async () => {
    const created = await createCharge(gw, merchant);
    await page.goto(created.checkoutUrl);
    expect(await tabTo(/^Efectivo/)).toHaveLength(4);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Pagar en efectivo' }).waitFor();
    await expectReadable(/^Pagar en efectivo · /);
    await tabTo('Generar código de pago');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    await expectReadable(/^Código de pago en efectivo · /);
    expect(await tabTo(`Volver a ${MERCHANT}`)).toEqual(['Saltar al contenido', 'Imprimir código', `Volver a ${MERCHANT}`]);
    const reference = (await page.locator('.voucher .code').first().textContent())?.trim() ?? '';

    await page.goto(`${gw.infra.config.sandboxPublicUrl}/red-efectivo`);
    await expectReadable(/^Red de pagos en efectivo$/);
    await tabTo('#referencia');
    await type(reference);
    expect(await tabTo('Recibir pago')).toEqual(['#monto', 'Recibir pago']);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Pago recibido' }).waitFor();

    await page.goto(created.checkoutUrl);
    await expectResultAndGoBack(/^Pago aprobado · /, '¡Pago aprobado!');
    expect(await estadoOf(gw, merchant, created.id)).toBe('aprobado');
  }, SLOW_MS);

  it('fits a 320 px screen too: the methods, each form (the card frame within), a refused form, a declined result', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    const created = await createCharge(gw, merchant);
    await page.goto(created.checkoutUrl);
    await expectReadable(/^Elige cómo pagar · /);
    await tabTo('Cancelar y volver a Tienda La Esquina');
    for (const [metodo, titled] of [
      ['pse', /^Pagar con PSE · /],
      ['efectivo', /^Pagar en efectivo · /],
      ['tarjeta', /^Pagar con tarjeta · /],
    ] as const) {
      await page.goto(`${created.checkoutUrl}?metodo=${metodo}`);
      await expectReadable(titled);
      await tabTo('Elegir otro medio de pago');
    }
    await page.frameLocator('iframe').getByLabel('Número de la tarjeta').waitFor();
    const frame = await factsOf(cardFrame());
    expect({ overflow: frame.overflow <= 0, small: frame.smallText, targets: frame.smallTargets }).toEqual({ overflow: true, small: [], targets: [] });

    await page.goto(`${created.checkoutUrl}?metodo=pse`);
    await tabTo('Continuar al banco');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await expectReadable(/^Pagar con PSE · /);

    const decided = await fetch(`${gw.adminUrl}/internal/sandbox/pagos/${created.id}/resultado`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ resultado: 'fallido' }),
    });
    expect(decided.status).toBe(202);
    await page.goto(created.checkoutUrl);
    await expectResultAndGoBack(/^Pago no aprobado · /, 'El pago no fue aprobado');
  }, SLOW_MS);
});
