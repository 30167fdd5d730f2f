// A shop's staff member uses the portal with the keyboard only, on a 360 px screen, with what a screen reader needs:
// signing in, the charges list, a charge's detail, and an invitation the portal refuses; then Personas' invitation
// link and removal, Sitio web, Webhook (its secret shown once, the deliveries), Historial and Sesiones; then the same
// pages at a desktop width. Every page says it is Spanish, has a title and one h1, a skip link first, named fields,
// tables with header cells and a name, charts with a text alternative; a refused form takes the focus to its
// problems, each tied to its field; a value shown once takes the focus in a field Ctrl+A copies; every Tab stop shows
// a focus ring of 3:1; every control is a 44 x 44 px target on the phone and 24 px on the desktop (links inside a
// sentence excepted, as WCAG 2.5.8 does), and nothing is cut off or wider than the screen unless it scrolls sideways.
// Keyboard only: no click, fill or selectOption here; Playwright reads the pages, the person's hands are the keys.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FOCUS_SCRIPT, type Focus } from '../checkout/contrast.js';
import { launchBrowser } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { approveCharge } from '../support/outcomes.js';
import { createCharge } from './charges-fixture.js';
import { acceptInvitation, operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const EMAIL = 'marta@panaderia.co';
const SLOW_MS = 120_000;
/** A webhook endpoint nobody listens on: its notices stay pending, with their attempts. */
const UNREACHABLE_ENDPOINT = 'http://127.0.0.1:9/avisos';

/** What a screen reader and a phone need of the page. */
const PAGE_FACTS = `(() => {
  const text = (node) => (node ? node.textContent.replace(/\\s+/g, ' ').trim() : '');
  const byIds = (ids) => (ids || '').split(' ').filter(Boolean).map((id) => text(document.getElementById(id))).join(' ').trim();
  const fields = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')];
  const nameOf = (el) => el.getAttribute('aria-label') || byIds(el.getAttribute('aria-labelledby')) || [...(el.labels || [])].map(text).join(' ');
  const tabbable = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')];
  // A target is what the finger or pointer hits: a radio's label; a link inside a sentence (text beside it) is not one.
  const phone = innerWidth <= 640;
  const inSentence = (el) => el.tagName === 'A' && [...el.parentElement.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const targets = tabbable.map((el) => (el.type === 'radio' && el.closest('label')) || el).filter((el) => el.getBoundingClientRect().width > 0 && !inSentence(el));
  const least = phone ? 44 : 24;
  // Past the screen's edge is fine only inside something that scrolls sideways: a table in a frame that clips it
  // (overflow: hidden) cuts its last column off, as the Resumen's amounts were on a phone.
  const scrollable = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      // Shown to screen readers only (the visually-hidden clip, a stacked table's header row): not on the screen.
      if (['auto', 'scroll'].includes(style.overflowX) || style.clip !== 'auto') return true;
    }
    return false;
  };
  // Cut off by a frame that hides what overflows it (a table's rounded frame), or out of its card, even within the
  // screen.
  const cut = (el) => {
    const right = el.getBoundingClientRect().right;
    for (let at = el.parentElement; at; at = at.parentElement) {
      const frame = getComputedStyle(at).overflowX === 'hidden' || at.classList.contains('card');
      if (frame && right > at.getBoundingClientRect().right + 1) return true;
    }
    return false;
  };
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
    wide: [...document.querySelectorAll('body *')].filter((el) => (el.getBoundingClientRect().right > innerWidth + 1 || cut(el)) && !scrollable(el))
      .map((el) => el.tagName + (el.className ? '.' + el.className : '')).slice(0, 5),
    smallTargets: targets.filter((el) => el.getBoundingClientRect().height < least || el.getBoundingClientRect().width < least)
      .map((el) => text(el) + ' ' + Math.round(el.getBoundingClientRect().width) + 'x' + Math.round(el.getBoundingClientRect().height) + 'px'),
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
    // The Pagos list reads the projected read model, which may lag on a busy machine: start once both are listed.
    await waitUntil(
      async () => (await http('GET', `${gw.publicUrl}/v1/pagos?limit=5`, { token: shop.apiKey })).body.data,
      (data: Array<{ estado: string }>) => data.length === 2 && data.some((charge) => charge.estado === 'aprobado'),
    );
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

  /** Ctrl+A in the focused field: what it selected, the field's whole value and its label. */
  async function selectAll(): Promise<{ selected: string; value: string; label: string }> {
    await page.keyboard.press('Control+A');
    return (await page.evaluate(`(() => {
      const el = document.activeElement;
      return { selected: el.value.slice(el.selectionStart, el.selectionEnd), value: el.value, label: [...el.labels].map((l) => l.textContent.trim()).join(' ') };
    })()`)) as { selected: string; value: string; label: string };
  }

  /** The focused element's role and text, to tell a refusal has the focus. */
  async function focusedNotice(): Promise<string> {
    // The browser moves the focus to an `autofocus` element after the page has loaded, not with it: wait for it to
    // leave the body (a page that never moves it still fails, below, on the body's role and text).
    await page.waitForFunction('document.activeElement && document.activeElement !== document.body', undefined, { timeout: 3_000 }).catch(() => undefined);
    return (await page.evaluate(`document.activeElement.getAttribute('role') + ': ' + document.activeElement.textContent.replace(/\\s+/g, ' ').trim()`)) as string;
  }

  /** Tabs to a link and follows it with Enter; `level` is the heading's that says the page opened. */
  async function follow(name: string | RegExp, then: string, level = 1): Promise<void> {
    await tabTo(name);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: then, level }).waitFor();
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
    // Opened, the chart's figures fit the phone too.
    await tabTo('Ver las cifras del gráfico');
    await page.keyboard.press('Enter');
    await page.getByRole('columnheader', { name: 'Día' }).waitFor();
    await expectReadable('Resumen · Pasarela');
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

  it("an invitation's link takes the focus in a field that Ctrl+A selects whole; removing access asks first", async () => {
    // The refused invitation of the step before, written again for someone new.
    await tabTo('#campo-nombre', 'Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Beto Gómez');
    await tabTo('#campo-email');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('beto@panaderia.co');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Invitaste a Beto Gómez/ }).waitFor();
    await expectReadable('Invitación creada · Configuración · Pasarela');
    expect((await focused())?.name).toBe('#enlace-invitacion');
    const link = await selectAll();
    expect(link).toEqual({ selected: link.value, value: expect.stringMatching(/\/portal\/invitacion\/\S+$/), label: expect.stringMatching(/No lo volveremos a mostrar/) });

    await follow('Listo, volver a Personas', 'Personas con acceso al portal', 2);
    await follow('Quitar acceso de Beto Gómez', '¿Quitar el acceso de Beto Gómez?', 2);
    await expectReadable('Quitar acceso · Configuración · Pasarela');
    expect(await tabTo('No, volver')).toEqual(expect.arrayContaining(['Sí, quitar el acceso', 'No, volver']));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Personas con acceso al portal' }).waitFor();
  });

  it('Sitio web: a refused address takes the focus, its link leads to the field, and the fix is saved', async () => {
    await follow('Sitio web', 'Sitio web y página de retorno', 2);
    await expectReadable('Sitio web · Configuración · Pasarela');
    expect((await tabTo('#campo-urlRetorno')).slice(-3)).toEqual(['Historial de cambios', '#campo-sitioWeb', '#campo-urlRetorno']);
    await tabTo('#campo-sitioWeb', 'Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('http://tienda.example.co');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(await focusedNotice()).toMatch(/^alert: Revisa lo que escribiste/);
    const refused = await expectReadable('Sitio web · Configuración · Pasarela');
    expect(refused.invalid).toEqual([{ field: 'sitioWeb', error: expect.stringMatching(/Error: Debe empezar por https:\/\/\.$/) }]);

    await tabTo('Debe empezar por https://.');
    await page.keyboard.press('Enter');
    await page.waitForFunction(`document.activeElement && document.activeElement.id === 'campo-sitioWeb'`);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('https://tienda.example.co');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Guardamos el sitio web' }).waitFor();
    await expectReadable('Sitio web · Configuración · Pasarela');
  });

  it('Webhook: the signing secret, shown once, takes the focus in a field Ctrl+A selects; the deliveries are 44 px targets', async () => {
    await follow('Webhook', 'Endpoint de webhooks', 2);
    await expectReadable('Webhook · Configuración · Pasarela');
    await tabTo('#campo-url');
    await page.keyboard.type('https://10.0.0.8/avisos');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(await focusedNotice()).toMatch(/^alert: Revisa lo que escribiste/);
    expect((await expectReadable('Webhook · Configuración · Pasarela')).invalid).toEqual([{ field: 'url', error: expect.stringMatching(/Error: No puede apuntar a una dirección privada/) }]);
    await tabTo('#campo-url');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(UNREACHABLE_ENDPOINT);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Registraste tu endpoint' }).waitFor();
    await expectReadable('Endpoint registrado · Configuración · Pasarela');
    expect((await focused())?.name).toBe('#secreto-firma');
    const secret = await selectAll();
    expect(secret).toEqual({ selected: secret.value, value: expect.stringMatching(/^whsec_\S{43}$/), label: expect.stringMatching(/No lo volveremos a mostrar/) });

    // A notice for the shop: its endpoint does not answer, so it stays there with its attempts.
    await approveCharge(gw, await createCharge(gw, shop, 'PAN-2003', 9_000));
    await follow('Ya lo guardé, continuar', 'Avisos enviados', 2);
    for (let until = Date.now() + 10_000; (await page.locator('table').count()) === 0; await page.reload()) {
      if (Date.now() > until) throw new Error('the notice never showed on the webhook page');
      await page.waitForTimeout(150);
    }
    const facts = await expectReadable('Webhook · Configuración · Pasarela');
    expect(facts.tables).toEqual([{ name: 'Avisos a tu webhook', unscopedHeaders: 0 }]);
    await tabTo(/^\d+ intentos?$/);
    expect((await tabTo('Cambiar el secreto de firma', 'Shift+Tab')).slice(0, 2)).toEqual(['Ver pago', 'Entregadas']);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: '¿Cambiar el secreto de firma?' }).waitFor();
    await expectReadable('Cambiar el secreto de firma · Configuración · Pasarela');
    await tabTo('Sí, cambiar el secreto');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Cambiaste el secreto de firma' }).waitFor();
    await expectReadable('Secreto de firma nuevo · Configuración · Pasarela');
    expect((await focused())?.name).toBe('#secreto-firma');
    const rolled = await selectAll();
    expect(rolled).toEqual({ selected: rolled.value, value: expect.stringMatching(/^whsec_\S{43}$/), label: expect.stringMatching(/No lo volveremos a mostrar/) });
    expect(rolled.value).not.toBe(secret.value);
  });

  it('Historial: a page link that no longer works takes the focus, and leads back to the changes', async () => {
    await page.goto(`${gw.publicUrl}/portal/configuracion/historial?cursor=caducado`);
    expect(await focusedNotice()).toBe('alert: Ese enlace de página ya no sirve: vuelve a los cambios más recientes.');
    await expectReadable('Historial de cambios · Configuración · Pasarela');
    expect(await tabTo('← Más recientes')).toEqual(['← Más recientes']);
    await page.keyboard.press('Enter');
    await page.getByText('Secreto de firma cambiado').waitFor();
    await expectReadable('Historial de cambios · Configuración · Pasarela');
    expect(await page.locator('ol.cambios li').count()).toBeGreaterThanOrEqual(3);
  });

  it('Sesiones: each other session has its own named button, then one for all the others', async () => {
    await follow('Sesiones', 'Tus sesiones abiertas');
    const facts = await expectReadable('Sesiones · Pasarela');
    expect(facts.tables).toEqual([{ name: 'Sesiones abiertas', unscopedHeaders: 0 }]);
    expect((await tabTo(/^Cerrar la sesión de /)).slice(-5)).toEqual(['Salir', 'Resumen', 'Pagos', 'Configuración', expect.stringMatching(/^Cerrar la sesión de /)]);
    await tabTo('Cerrar todas las demás sesiones');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Cerraste todas tus otras sesiones.' }).waitFor();
    await expectReadable('Sesiones · Pasarela');
  });

  it('at a desktop width the same pages fit, every Tab stop shows its ring, and every control is a 24 px target', async () => {
    await page.setViewportSize(DESKTOP);
    const pages: Array<[string, string]> = [
      ['/portal/resumen', 'Resumen · Pasarela'],
      ['/portal/pagos', 'Pagos · Pasarela'],
      ['/portal/configuracion/sitio', 'Sitio web · Configuración · Pasarela'],
      ['/portal/configuracion/webhook', 'Webhook · Configuración · Pasarela'],
      ['/portal/configuracion/personas', 'Personas · Configuración · Pasarela'],
      ['/portal/configuracion/historial', 'Historial de cambios · Configuración · Pasarela'],
      ['/portal/sesiones', 'Sesiones · Pasarela'],
    ];
    for (const [path, title] of pages) {
      await page.goto(`${gw.publicUrl}${path}`);
      await expectReadable(title);
      // Every stop of the page, until the focus leaves it, so afterEach measures their rings.
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const focus = await focused();
        if (!focus) break;
        stops.push(focus);
      }
    }
  });
});
