// Double clicks in Chromium on the portal's forms that answer something shown once: when the first answer is slower
// than the pause between the clicks, Chromium sends two posts, aborts the first and shows the second's answer (its
// cookies only). Each test counts the posts, so it cannot pass by Chromium sending one, and checks the page shown.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AesGcmSecretBox } from '../../src/webhooks/adapters/crypto/aes-gcm.secret-box.js';
import { launchBrowser } from '../support/browser.js';
import { http, startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { operatorInvites, STRONG_PASSWORD } from './portal-client.js';

const KEY = randomBytes(32);
const NEW_PASSWORD = 'otra frase para la tienda nueva';

describe('double clicks on the portal forms', () => {
  let gw: TestGateway;
  let browser: Browser;
  let shop: OnboardedMerchant;
  let admin: Page;
  const contexts: BrowserContext[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    return context.newPage();
  }

  /**
   * A double click on a server slower than the clicks: the first post waits on `table` (locked by the test, a slow
   * database's stand-in) while the second click sends the form again, as a person's double click does when the first
   * answer takes longer than the pause between the clicks (Chromium then aborts the first request). Answers the number
   * of posts Chromium sent to `path`, counted from the DevTools protocol (Playwright's own request events leave out the
   * aborted navigation), so the test cannot pass by Chromium sending one.
   */
  async function doubleClick(page: Page, button: string, path: string, table: string): Promise<number> {
    let posts = 0;
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Network.enable');
    devtools.on('Network.requestWillBeSent', (event) => {
      if (event.request.method === 'POST' && new URL(event.request.url).pathname === path) posts++;
    });
    const lock = new pg.Client({ connectionString: gw.databaseUrl });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query(`LOCK TABLE ${table} IN EXCLUSIVE MODE`);
      // The mouse, not the locator's click: that one would wait for the blocked navigation to commit.
      const target = page.getByRole('button', { name: button, exact: true });
      await target.scrollIntoViewIfNeeded();
      const box = await target.boundingBox();
      if (!box) throw new Error(`no "${button}" button on ${page.url()}`);
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.click(x, y);
      await waitUntil(async () => posts, (n) => n === 1, 5_000);
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
      await waitUntil(async () => posts, (n) => n === 2, 5_000);
    } finally {
      await lock.query('COMMIT');
      await lock.end();
      await devtools.detach();
    }
    return posts;
  }

  /** Chooses the password on an invitation or reset page with a double click on its button. */
  async function choosePassword(page: Page, path: string, password: string): Promise<number> {
    await page.goto(`${gw.publicUrl}${path}`);
    await page.getByLabel('Contraseña nueva').fill(password);
    await page.getByLabel('Repite la contraseña').fill(password);
    return doubleClick(page, 'Guardar contraseña y entrar', path, 'personas');
  }

  beforeAll(async () => {
    [gw, browser] = await Promise.all([startTestGateway({ webhookSecretKey: KEY }), launchBrowser()]);
    shop = await onboardMerchant(gw, { nombre: 'Tienda del Doble Clic' });
    admin = await newPage();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await gw?.close();
  });

  it('accepting an invitation: the second answer signs in and welcomes, not "link not valid"', async () => {
    const posts = await choosePassword(admin, await operatorInvites(gw, shop.merchantId, 'doble@clic.co', 'Dora'), STRONG_PASSWORD);
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(new URL(admin.url()).pathname).toBe('/portal/resumen');
  });

  it('an invitation: the page shows a link that works (the first click\'s, if it was written later, is refused)', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/personas`);
    await admin.getByLabel('Nombre').fill('Lucía');
    await admin.getByLabel('Correo electrónico').fill('lucia@clic.co');
    const posts = await doubleClick(admin, 'Invitar', '/portal/configuracion/personas', 'personas');
    await admin.getByRole('heading', { name: /Invitaste a Lucía/ }).waitFor();
    expect(posts).toBeGreaterThanOrEqual(2);
    const link = (await admin.locator('#enlace-invitacion').textContent())?.trim() ?? '';
    const invited = await newPage();
    await invited.goto(link);
    await invited.getByRole('heading', { name: 'Hola, Lucía' }).waitFor();
  });

  it('a webhook registration: the page shows the signing secret the endpoint has', async () => {
    await admin.goto(`${gw.publicUrl}/portal/configuracion/webhook`);
    await admin.getByLabel('URL del endpoint').fill('https://tienda-doble.example/webhooks');
    const posts = await doubleClick(admin, 'Registrar endpoint', '/portal/configuracion/webhook', 'webhook_endpoints');
    await admin.getByRole('heading', { name: 'Registraste tu endpoint' }).waitFor();
    expect(posts).toBeGreaterThanOrEqual(2);
    const secret = (await admin.locator('#secreto-firma').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await admin.locator('#repetido').textContent()).toContain('no registramos otro');
    const [row] = await gw.infra.dataSource.query('SELECT id, secret_sealed FROM webhook_endpoints WHERE merchant_id = $1', [shop.merchantId]);
    expect(new AesGcmSecretBox(KEY).open(row.secret_sealed, row.id)).toBe(secret);
  });

  it('a password reset link: the second answer signs in with the new password', async () => {
    const [person] = await gw.infra.dataSource.query("SELECT id FROM personas WHERE email = 'doble@clic.co'");
    const issued = await http('POST', `${gw.adminUrl}/internal/personas/${person.id}/restablecimiento`, { token: gw.operatorToken });
    const page = await newPage();
    const posts = await choosePassword(page, new URL(issued.body.url).pathname, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(posts).toBeGreaterThanOrEqual(2);
    // The reset closed the sessions from before it: the administrator's first tab is signed out.
    await admin.goto(`${gw.publicUrl}/portal/resumen`);
    expect(new URL(admin.url()).pathname).toBe('/portal/ingresar');
  });
});
