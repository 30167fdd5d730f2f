// A shop's staff member uses the portal with the keyboard only, on a 360 px screen, with what a screen reader needs:
// signing in, the charges list, a charge's detail, and an invitation the portal refuses. Every page says it is
// Spanish, has a title and one h1, a skip link first, named fields, tables with header cells and a name, charts with
// a text alternative; a refused form takes the focus to its problems, each tied to its field; every Tab stop shows a
// focus ring of 3:1; the navigation links are 44 px tall and nothing but a table scrolls sideways.
// Keyboard only: no click, fill or selectOption here; Playwright reads the pages, the person's hands are the keys.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FOCUS_SCRIPT, type Focus } from '../checkout/contrast.js';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './charges-fixture.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const PHONE = { width: 360, height: 740 };
const EMAIL = 'marta@panaderia.co';
const SLOW_MS = 120_000;

/** What a screen reader and a phone need of the page. */
const PAGE_FACTS = `(() => {
  const text = (node) => (node ? node.textContent.replace(/\\s+/g, ' ').trim() : '');
  const byIds = (ids) => (ids || '').split(' ').filter(Boolean).map((id) => text(document.getElementById(id))).join(' ').trim();
  const fields = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')];
  const nameOf = (el) => el.getAttribute('aria-label') || byIds(el.getAttribute('aria-labelledby')) || [...(el.labels || [])].map(text).join(' ');
  const tabbable = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')];
  const targets = [...document.querySelectorAll('header a, header button, nav a')];
  const scrollable = (el) => el.closest('table') || ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  return {
    lang: document.documentElement.lang,
    title: document.title,
    h1: [...document.querySelectorAll('h1')].map(text),
    firstStop: text(tabbable[0]),
    skipTarget: (tabbable[0] && tabbable[0].hash && document.querySelector(tabbable[0].hash)) ? 'ok' : 'missing',
    unnamedFields: fields.filter((el) => !nameOf(el).trim()).map((el) => el.name || el.id),
    tables: [...document.querySelectorAll('table')].map((table) => ({
      name: text(table.caption) || table.getAttribute('aria-label') || byIds(table.getAttribute('aria-labelledby')),
      unscopedHeaders: [...table.querySelectorAll('th')].filter((th) => !th.getAttribute('scope')).length,
    })),
    images: [...document.querySelectorAll('svg')].map((svg) =>
      svg.getAttribute('aria-hidden') === 'true' ? 'hidden' : svg.getAttribute('role') === 'img' && byIds(svg.getAttribute('aria-labelledby')) ? 'named' : 'unnamed'),
    overflow: document.scrollingElement.scrollWidth - innerWidth,
    wide: [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 1 && !scrollable(el))
      .map((el) => el.tagName + (el.className ? '.' + el.className : '')).slice(0, 5),
    smallTargets: targets.filter((el) => el.getBoundingClientRect().height < 44).map((el) => text(el) + ' ' + Math.round(el.getBoundingClientRect().height) + 'px'),
    invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => ({ field: el.name, error: byIds(el.getAttribute('aria-describedby')) })),
  };
})()`;

interface PageFacts {
  lang: string;
  title: string;
  h1: string[];
  firstStop: string;
  skipTarget: string;
  unnamedFields: string[];
  tables: Array<{ name: string; unscopedHeaders: number }>;
  images: string[];
  overflow: number;
  wide: string[];
  smallTargets: string[];
  invalid: Array<{ field: string; error: string }>;
}

describe('a staff member uses the portal with the keyboard only, on a phone, with what a screen reader needs', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let context: BrowserContext;
  let page: Page;
  /** Every Tab stop, to check their focus rings at the end. */
  const stops: Focus[] = [];
  let approved: string;

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway(), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Panadería El Trigal' });
    await acceptInvitation(gw, await operatorInvites(gw, shop.merchantId, EMAIL, 'Marta Ríos'));
    await createCharge(gw, shop, 'PAN-2001', 18_000);
    approved = 'PAN-2002';
    await approveCharge(gw, await createCharge(gw, shop, approved, 42_500));
    context = await browser.newContext({ viewport: PHONE, locale: 'es-CO', timezoneId: 'America/Bogota' });
    page = await context.newPage();
  }, SLOW_MS);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  async function focused(): Promise<Focus | null> {
    return (await page.evaluate(FOCUS_SCRIPT)) as Focus | null;
  }

  /** Presses Tab (or Shift+Tab) until the focus is on `name`; the stops on the way, `name` last. */
  async function tabTo(name: string | RegExp, key = 'Tab', max = 40): Promise<string[]> {
    const path: string[] = [];
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(key);
      const focus = await focused();
      if (focus) stops.push(focus);
      path.push(focus?.name ?? '(nothing)');
      if (focus && (typeof name === 'string' ? focus.name === name : name.test(focus.name))) return path;
    }
    throw new Error(`${key} never reached ${String(name)}; it went ${path.join(' > ')}`);
  }

  /** Tabs to a link and follows it with Enter. */
  async function follow(name: string | RegExp, then: string): Promise<void> {
    await tabTo(name);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: then, level: 1 }).waitFor();
  }

  /** Spanish, a title, one h1, a working skip link first, names for fields, tables and charts, the phone fit. */
  async function expectReadable(title: string): Promise<PageFacts> {
    const facts = (await page.evaluate(PAGE_FACTS)) as PageFacts;
    expect({ lang: facts.lang, title: facts.title, h1: facts.h1.length, firstStop: facts.firstStop, skipTarget: facts.skipTarget }).toEqual({
      lang: 'es',
      title,
      h1: 1,
      firstStop: 'Saltar al contenido',
      skipTarget: 'ok',
    });
    expect({ fields: facts.unnamedFields, images: facts.images.filter((i) => i === 'unnamed') }).toEqual({ fields: [], images: [] });
    expect(facts.tables.filter((t) => !t.name || t.unscopedHeaders > 0)).toEqual([]);
    expect({ overflow: facts.overflow <= 0, wide: facts.wide, smallTargets: facts.smallTargets }).toEqual({ overflow: true, wide: [], smallTargets: [] });
    return facts;
  }

  // Checked after each step, so a flow that fails says where first.
  afterEach(() => expect(stops.splice(0).filter((stop) => stop.ring < 3)).toEqual([]));

  it('signs in: a wrong password is announced and the focus goes to it; the right one opens the Resumen', async () => {
    await page.goto(`${gw.publicUrl}/portal/ingresar`);
    await expectReadable('Ingresar · Pasarela');
    // The email field has the focus when the page opens; the skip link is one Shift+Tab before it.
    expect((await focused())?.name).toBe('#campo-email');
    expect(await tabTo('Saltar al contenido', 'Shift+Tab')).toEqual(['Saltar al contenido']);
    await tabTo('#campo-email');
    await page.keyboard.type(EMAIL);
    await tabTo('#campo-password');
    await page.keyboard.type('no es mi contraseña');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await expectReadable('Ingresar · Pasarela');
    // The refusal is what has the focus, so it is read first; the next stops lead back to the fields.
    expect(await page.evaluate(`document.activeElement.getAttribute('role') + ': ' + document.activeElement.textContent.trim()`)).toMatch(
      /^alert: El correo o la contraseña no coinciden/,
    );
    expect(await tabTo('#campo-password')).toEqual(['#campo-email', '#campo-password']);
    await page.keyboard.type(STRONG_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Resumen', level: 1 }).waitFor();
    const facts = await expectReadable('Resumen · Pasarela');
    // The chart is an image with a name and summary, and its figures are a table too.
    expect(facts.images).toContain('named');
    expect(facts.tables.map((t) => t.name)).toContain('Cifras del gráfico');
  });

  it('the skip link takes the focus past the header; the Pagos list is a named table with header cells', async () => {
    await follow('Pagos', 'Pagos');
    expect(await tabTo('Saltar al contenido')).toEqual(['Saltar al contenido']);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(`document.activeElement.id`)).toBe('contenido');
    // From the main content, the next stop is the filters, not the header again.
    expect(await tabTo('#campo-estado')).toEqual(['#campo-estado']);
    const facts = await expectReadable('Pagos · Pasarela');
    expect(facts.tables).toEqual([{ name: 'Pagos, del más reciente al más antiguo', unscopedHeaders: 0 }]);
  });

  it("opens a charge's detail from the list", async () => {
    await follow(approved, `Pago ${approved} Aprobado`);
    const facts = await expectReadable(`Pago ${approved} · Pasarela`);
    expect(facts.tables.length).toBeGreaterThan(1);
  });

  it('a refused invitation takes the focus to its problem, tied to its field, and the summary leads to it', async () => {
    await follow('Configuración', 'Configuración');
    await tabTo('Personas');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Personas con acceso al portal' }).waitFor();
    const people = await expectReadable('Personas · Configuración · Pasarela');
    expect(people.tables).toEqual([{ name: 'Personas con acceso al portal', unscopedHeaders: 0 }]);

    // Inviting someone who already has access: the browser lets it through, the portal refuses it.
    await tabTo('#campo-nombre');
    await page.keyboard.type('Marta otra vez');
    await tabTo('#campo-email');
    await page.keyboard.type(EMAIL);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(await page.evaluate(`document.activeElement.getAttribute('role') + ': ' + document.activeElement.querySelector('.title').textContent`)).toBe(
      'alert: Revisa lo que escribiste',
    );
    const refused = await expectReadable('Personas · Configuración · Pasarela');
    expect(refused.invalid).toEqual([{ field: 'email', error: expect.stringMatching(/^Error: .+/) }]);

    const link = await tabTo(/.+/);
    expect(link).toEqual([refused.invalid[0]!.error.replace(/^Error: /, '')]);
    await page.keyboard.press('Enter');
    await page.waitForFunction(`document.activeElement && document.activeElement.id === 'campo-email'`);
  });
});
