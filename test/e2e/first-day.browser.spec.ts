// One shop's first day, end to end through every door, on the real compiled gateway (tsc's output, `node main.js`,
// in its own process on a throw-away database, in the production shape with WEBHOOK_ALLOW_LOOPBACK, the dev mode):
// the operator's CLI, the administrator's portal in Chromium, the merchant's server over HTTP, buyers on a phone in
// Chromium, and the merchant's webhook receiver on loopback verifying signatures as docs/webhooks.md says. The steps
// run in order and share what each user learnt; each asserts on what its user sees.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { acceptInvitationInPortal, launchBrowser } from '../support/browser.js';
import { exited } from '../support/child-process.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, waitUntil } from '../support/gateway.js';
import { gatewayProcessEnv } from '../support/gateway-process-env.js';
import { docsVerifier } from '../webhooks/support/docs-verifier.js';
import { Receiver } from '../webhooks/support/receiver.js';

const ROOT = path.resolve('.');
const OUT = path.join(ROOT, '.test-build', 'first-day');
const OPERATOR_TOKEN = `first-day-operator-${randomBytes(12).toString('hex')}`;
const SHOP = 'Tienda Primer Día';
const SITE = 'https://tienda-primer-dia.co';
const RETURN_PAGE = `${SITE}/gracias`;
const PASSWORD = 'un primer día largo y bueno';
const PHONE = { width: 390, height: 844 };
/** Everything the day does, build and start included, on a busy 2-core box; the gateway's own lifetime is longer. */
const DAY_MS = 150_000;
const STEP_MS = 60_000;

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--outDir', OUT], { cwd: ROOT }, (error, stdout) =>
      error ? reject(new Error(`tsc failed: ${stdout}`)) : resolve(),
    );
  });
}

/**
 * `node main.js` of the build, bounded: it stops (SIGTERM, its own shutdown) when this test process goes away (its
 * stdin closes) and after `lifetimeMs` at most, so a test that dies leaves no gateway running.
 */
function startCompiled(env: NodeJS.ProcessEnv, lifetimeMs: number): Promise<{ child: ChildProcess; output: () => string }> {
  const bounded = [
    `process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM')); process.stdin.resume();`,
    `setTimeout(() => process.kill(process.pid, 'SIGTERM'), ${lifetimeMs}).unref();`,
    `await import(${JSON.stringify(pathToFileURL(path.join(OUT, 'main.js')).href)});`,
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', bounded], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no banner in 60 s:\n${output}`));
    }, 60_000);
    child.stdout!.on('data', () => {
      if (output.includes('Pasarela is running')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before its banner:\n${output}`));
    });
  });
}

describe("one shop's first day, through every door", () => {
  let db: TestDatabase;
  let receiver: Receiver;
  let browser: Browser;
  let gateway: { child: ChildProcess; output: () => string } | undefined;
  let publicUrl = '';
  let adminUrl = '';
  const contexts: BrowserContext[] = [];
  /** Every URL of the shop's own site the buyers' browsers asked for (the return page is https on its domain). */
  const shopVisits: string[] = [];

  // What the day's users learn and pass on.
  let merchantId = '';
  let apiKey = '';
  let invitation = '';
  let admin: Page;
  let signingSecret = '';
  const charges: Array<{ id: string; checkoutUrl: string; referencia: string; monto: number }> = [];

  const ops = async (...args: string[]): Promise<any> => {
    const run = await runCli(['--url', adminUrl, '--token', OPERATOR_TOKEN, '--json', ...args]);
    if (run.code !== 0) throw new Error(`pasarela-ops ${args.join(' ')} exited ${run.code}: ${run.stdout}${run.stderr}`);
    return JSON.parse(run.stdout);
  };
  const api = (method: string, route: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    http(method, `${publicUrl}/v1${route}`, { token: apiKey, ...options });
  const bogotaToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  const pesos = (n: number): string => new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 }).format(n);

  /** The page fits the phone's width: nothing to scroll sideways to. */
  const fitsWidth = (page: Page): Promise<boolean> => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: 'America/Bogota' });
    contexts.push(context);
    const shopPage = async (route: Route): Promise<void> => {
      shopVisits.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>${SHOP}</title><h1>Gracias por tu compra</h1>` });
    };
    await context.route(`${SITE}/**`, shopPage);
    return context.newPage();
  }

  beforeAll(async () => {
    [db, receiver, browser] = await Promise.all([createTestDatabase(), Receiver.start(), launchBrowser(), build()]);
    const started = await gatewayProcessEnv(db.url, OPERATOR_TOKEN, { WEBHOOK_ALLOW_LOOPBACK: 'true' });
    publicUrl = started.publicUrl;
    adminUrl = started.adminUrl;
    const env: NodeJS.ProcessEnv = {
      ...started.env,
      PUBLIC_BASE_URL: publicUrl,
      SANDBOX_PUBLIC_URL: `http://127.0.0.1:${started.env.SANDBOX_PORT}`,
    };
    delete env.DATA_DIR;
    gateway = await startCompiled(env, DAY_MS + 30_000);
  }, DAY_MS);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    if (gateway) {
      gateway.child.kill('SIGTERM');
      await exited(gateway.child);
    }
    await receiver?.close();
    await db?.drop();
  }, 60_000);

  it('1. the operator creates the merchant, approves it, issues its key, invites its first administrator (CLI)', async () => {
    const created = await ops('merchants', 'create', SHOP);
    expect(created).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), nombre: SHOP, aprobado: false });
    merchantId = created.id;
    expect(await ops('merchants', 'approve', merchantId)).toMatchObject({ id: merchantId, aprobado: true, registroWeb: null });
    const key = await ops('keys', 'issue', merchantId, '--role', 'administrador');
    expect(key).toMatchObject({ rol: 'administrador', key: expect.stringMatching(/^svcpk_/) });
    apiKey = key.key;
    const invited = await ops('people', 'invite', merchantId, 'rosa@tienda-primer-dia.co', 'Rosa Díaz');
    expect(invited).toMatchObject({ email: 'rosa@tienda-primer-dia.co', nombre: 'Rosa Díaz', rol: 'administrador', estado: 'invitada' });
    const link = new URL(invited.invitacion.url);
    expect(link.origin).toBe(publicUrl);
    invitation = link.pathname;
    expect(await ops('people', 'list', merchantId)).toEqual([
      expect.objectContaining({ id: invited.id, email: 'rosa@tienda-primer-dia.co', rol: 'administrador', estado: 'invitada', activadaEn: null }),
    ]);
    // The key works at once; the shop cannot charge before its site is registered (spec, POST /pagos rule 4).
    expect((await api('GET', '/merchants/me')).body).toMatchObject({ id: merchantId });
  }, STEP_MS);

  it('2. the administrator accepts the invitation, registers the site and the webhook endpoint, reads its secret once (portal)', async () => {
    admin = await newPage({ width: 1280, height: 800 });
    await acceptInvitationInPortal(admin, publicUrl, invitation, PASSWORD);
    await admin.getByRole('heading', { name: 'Resumen' }).waitFor();
    expect(await ops('people', 'list', merchantId)).toEqual([expect.objectContaining({ email: 'rosa@tienda-primer-dia.co', estado: 'activa', activadaEn: expect.any(String) })]);

    await admin.getByRole('link', { name: 'Configuración' }).click();
    await admin.getByText('Aún no has registrado tu sitio web').waitFor();
    await admin.getByRole('textbox', { name: 'Sitio web' }).fill(SITE);
    await admin.getByRole('textbox', { name: 'Página de retorno' }).fill(RETURN_PAGE);
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Guardamos el sitio web y la página de retorno.').waitFor();
    expect(await admin.locator('dl.facts').textContent()).toContain('por Rosa Díaz');

    await admin.getByRole('link', { name: 'Webhook' }).click();
    await admin.getByText('Aún no hay endpoint').waitFor();
    await admin.getByLabel('URL del endpoint').fill(receiver.url);
    await admin.getByRole('button', { name: 'Registrar endpoint' }).click();
    signingSecret = (await admin.locator('#secreto-firma').textContent())?.trim() ?? '';
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await admin.getByRole('status').textContent()).toContain('No lo volveremos a mostrar');
    receiver.secret = signingSecret;
    await admin.getByRole('link', { name: 'Ya lo guardé, continuar' }).click();
    await admin.getByRole('heading', { name: 'Endpoint de webhooks' }).waitFor();
    expect(await admin.content()).not.toContain(signingSecret);
    expect(await admin.content()).toContain(receiver.url);
  }, STEP_MS);

  it('3. the merchant server creates two charges with Idempotency-Keys; a repeat gives the same charge back (HTTP)', async () => {
    for (const [n, monto] of [[1, 150_000], [2, 89_900]] as const) {
      const body = { merchantId, monto, moneda: 'COP', referencia: `PD-${n}`, descripcion: `Pedido ${n} del primer día` };
      const created = await api('POST', '/pagos', { body, headers: { 'idempotency-key': `primer-dia-${n}` } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ merchantId, monto, moneda: 'COP', referencia: `PD-${n}`, estado: 'pendiente' });
      expect(created.body.checkoutUrl).toMatch(new RegExp(`^${publicUrl}/checkout/`));
      charges.push({ id: created.body.id, checkoutUrl: created.body.checkoutUrl, referencia: `PD-${n}`, monto });
    }
    expect(charges[0]!.id).not.toBe(charges[1]!.id);
    const repeated = await api('POST', '/pagos', {
      body: { merchantId, monto: 150_000, moneda: 'COP', referencia: 'PD-1', descripcion: 'Pedido 1 del primer día' },
      headers: { 'idempotency-key': 'primer-dia-1' },
    });
    // The same charge back, as it is now, said to be a replay (docs/decisions.md, Idempotency).
    expect(repeated.status).toBe(201);
    expect(repeated.headers.get('idempotent-replayed')).toBe('true');
    expect(repeated.body).toMatchObject({ id: charges[0]!.id, estado: 'pendiente', checkoutUrl: charges[0]!.checkoutUrl });
    // The list is a read model, projected beside the request: both charges show in it, once each.
    const listed = await waitUntil(
      () => api('GET', '/pagos'),
      (answer) => answer.body.data?.length === 2,
      20_000,
    );
    expect(listed.body.data.map((c: { id: string }) => c.id).sort()).toEqual(charges.map((c) => c.id).sort());
  }, STEP_MS);

  it('4. buyers on phones pay the first by card and fail the second at the PSE bank; each page fits, each lands on the return page (Chromium)', async () => {
    const [card, pse] = charges as [(typeof charges)[0], (typeof charges)[0]];
    const first = await newPage(PHONE);
    await first.goto(card.checkoutUrl);
    expect(await first.getByRole('heading', { level: 1 }).textContent()).toBe(SHOP);
    expect((await first.locator('.amount').textContent())?.replace(/\u00a0/g, ' ')).toBe('$ 150.000');
    expect(await fitsWidth(first)).toBe(true);
    await first.getByRole('link', { name: /Tarjeta de crédito o débito/ }).click();
    const frame = first.frameLocator('iframe[title="Formulario de la entidad de pagos para los datos de la tarjeta"]');
    await frame.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4242');
    await frame.getByLabel('Nombre como aparece en la tarjeta').fill('ANA M PEREZ');
    await frame.getByLabel('Vence (MM/AA)').fill('12/30');
    await frame.getByLabel('Código de seguridad').fill('123');
    await frame.getByRole('button', { name: 'Continuar' }).click();
    await frame.getByText(/terminada en 4242/).waitFor();
    expect(await fitsWidth(first)).toBe(true);
    await frame.getByLabel('Número de cuotas').selectOption('1');
    await frame.getByRole('button', { name: /^Pagar \$/ }).click();
    await first.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    expect(await fitsWidth(first)).toBe(true);
    await first.getByRole('link', { name: `Volver a ${SHOP}` }).click();
    await first.getByRole('heading', { name: 'Gracias por tu compra' }).waitFor();
    expect(first.url()).toBe(RETURN_PAGE);

    const second = await newPage(PHONE);
    await second.goto(pse.checkoutUrl);
    await second.getByRole('link', { name: /PSE/ }).click();
    await second.getByLabel('Banco').selectOption({ label: 'Banco de Pruebas Rechaza' });
    await second.getByLabel('Natural').check();
    await second.getByLabel('Tipo de documento').selectOption('CC');
    await second.getByLabel('Número de documento').fill('1020304050');
    await second.getByLabel('Nombre del titular de la cuenta').fill('Luis Gómez');
    await second.getByLabel('Correo electrónico').fill('luis@example.com');
    expect(await fitsWidth(second)).toBe(true);
    await second.getByRole('button', { name: 'Continuar al banco' }).click();
    await second.waitForURL(/\/pse\//);
    await second.getByText('Banco de Pruebas Rechaza').first().waitFor();
    expect(await fitsWidth(second)).toBe(true);
    await second.getByRole('button', { name: 'Continuar' }).click();
    await second.waitForURL(pse.checkoutUrl);
    await second.getByRole('heading', { name: 'El pago no fue aprobado' }).waitFor();
    await second.getByText('Tu banco rechazó el débito por PSE.').waitFor();
    expect(await fitsWidth(second)).toBe(true);
    await second.getByRole('link', { name: `Volver a ${SHOP}` }).click();
    await second.getByRole('heading', { name: 'Gracias por tu compra' }).waitFor();
    expect(second.url()).toBe(RETURN_PAGE);
    expect(shopVisits).toEqual([RETURN_PAGE, RETURN_PAGE]);
    // The card number went to the provider's frame only: never in the gateway's log.
    expect(gateway!.output().replace(/\D/g, '')).not.toContain('4242424242424242');
  }, STEP_MS);

  it('5. the receiver gets payment.completed and payment.failed, each once, signed with the secret from the portal', async () => {
    await waitUntil(
      async () => receiver.requests.length,
      (n) => n >= 2,
      20_000,
    );
    // The deliveries, once each: every request verified with the secret shown once in step 2 (docs/webhooks.md).
    expect(receiver.requests.map((r) => r.verification)).toEqual([{ ok: true }, { ok: true }]);
    // And with the function docs/webhooks.md prints for merchants to copy (verify-pasarela.mjs), as they would run it.
    const verifyPasarela = await docsVerifier();
    for (const request of receiver.requests) {
      expect(verifyPasarela(request.rawBody, request.headers['svc-signature'] as string, signingSecret)).toBe(true);
      expect(verifyPasarela(request.rawBody, request.headers['svc-signature'] as string, `${signingSecret}x`)).toBe(false);
    }
    const notices = receiver.requests.map((r) => ({ id: r.headers['svc-delivery-id'], body: JSON.parse(r.rawBody) }));
    const byType = Object.fromEntries(notices.map((n) => [n.body.type, n]));
    expect(Object.keys(byType).sort()).toEqual(['payment.completed', 'payment.failed']);
    // The Webhook event of the spec (Resources), its svc-event header repeating its type.
    const event = (paymentId: string, reference: string, monto: number, estado: string) => ({
      id: expect.any(String),
      created: expect.any(Number),
      data: { paymentId, reference, monto, currency: 'COP', estado },
    });
    expect(byType['payment.completed']!.body).toMatchObject(event(charges[0]!.id, 'PD-1', 150_000, 'aprobado'));
    expect(byType['payment.failed']!.body).toMatchObject(event(charges[1]!.id, 'PD-2', 89_900, 'fallido'));
    for (const request of receiver.requests) {
      expect([request.method, request.path]).toEqual(['POST', '/webhooks']);
      expect(request.headers['svc-event']).toBe(JSON.parse(request.rawBody).type);
      expect(Number.isInteger(JSON.parse(request.rawBody).created)).toBe(true);
    }
    expect(new Set(notices.map((n) => n.id)).size).toBe(2);
    expect(notices.every((n) => typeof n.id === 'string' && n.id.length > 0)).toBe(true);
    // The gateway's own log of them: two deliveries, each delivered at its first attempt, nothing left to send.
    const log = await ops('webhooks', 'deliveries', merchantId);
    expect(log.nextCursor).toBeNull();
    expect(log.data).toHaveLength(2);
    for (const delivery of log.data as Array<{ id: string; tipo: string; pagoId: string; estado: string; intentos: unknown[] }>) {
      expect(delivery).toMatchObject({ estado: 'entregada', proximoIntentoEn: null, intentos: [expect.objectContaining({ numero: 1, codigoEstado: 200, url: receiver.url })] });
      expect(byType[delivery.tipo]).toMatchObject({ id: delivery.id, body: { data: { paymentId: delivery.pagoId } } });
    }
  }, STEP_MS);

  it('6. the administrator sees both charges in Pagos, the deliveries as delivered, the Resumen totals (portal)', async () => {
    await admin.goto(`${publicUrl}/portal/pagos`);
    const rows = admin.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const texts = await rows.allTextContents();
    expect(texts.find((t) => t.includes('PD-1'))).toContain('Aprobado');
    expect(texts.find((t) => t.includes('PD-2'))).toContain('Fallido');

    await admin.goto(`${publicUrl}/portal/configuracion/webhook`);
    const deliveries = await admin.locator('tbody tr').allTextContents();
    expect(deliveries).toHaveLength(2);
    expect(deliveries.find((t) => t.includes('payment.completed'))).toContain('Entregada');
    expect(deliveries.find((t) => t.includes('payment.failed'))).toContain('Entregada');

    // Each charge's page tells its story, the notice sent and delivered included.
    await admin.goto(`${publicUrl}/portal/pagos`);
    await admin.getByRole('link', { name: 'PD-2' }).click();
    await admin.getByRole('heading', { name: 'Pago PD-2 Fallido' }).waitFor();
    expect(await admin.locator('ol.timeline').textContent()).toContain('Se notificó payment.failed a tu webhook.');
    expect(await admin.locator('section[aria-labelledby=avisos]').textContent()).toContain('Entregada');
    await admin.goto(`${publicUrl}/portal/pagos`);
    await admin.getByRole('link', { name: 'PD-1' }).click();
    await admin.getByRole('heading', { name: 'Pago PD-1 Aprobado' }).waitFor();
    expect(await admin.locator('ol.timeline').textContent()).toContain('Pago aprobado (tarjeta)');
    expect(await admin.locator('ol.timeline').textContent()).toContain('Se notificó payment.completed a tu webhook.');

    await admin.goto(`${publicUrl}/portal/resumen`);
    const tiles = await admin.locator('.tile').allTextContents();
    expect(tiles[0]).toContain('Aprobado');
    expect(tiles[0]).toContain(pesos(150_000));
    expect(tiles.find((t) => t.includes('Fallidos'))).toContain(pesos(89_900));
  }, STEP_MS);

  it('7. the operator refunds the approved charge, reads its history and settlement, and the replay agrees (CLI)', async () => {
    const [approved] = charges;
    const refunded = await ops('charges', 'refund', approved!.id);
    expect(refunded).toMatchObject({ pagoId: approved!.id, estado: 'reembolsado', monto: 150_000, yaReembolsado: false });
    const history = await ops('charges', 'events', approved!.id);
    expect(history.pagoId).toBe(approved!.id);
    expect(history.eventos.map((e: { tipo: string }) => e.tipo)).toEqual(['ChargeCreated', 'CheckoutOpened', 'PaymentApproved', 'ChargeRefunded']);
    expect(history.eventos.map((e: { revision: number }) => e.revision)).toEqual([0, 1, 2, 3]);
    expect(history.eventos[2]).toMatchObject({ datos: { method: 'tarjeta' }, metadata: { actor: { type: 'provider' } } });
    expect(history.eventos[3]).toMatchObject({ datos: { monto: 150_000, refundedAt: refunded.reembolsadoEn }, metadata: { actor: { type: 'operator' } } });

    // Its settlement line, through the operator's door (the CLI), the same as the merchant's GET and the portal's page.
    const line = await ops('charges', 'settlement', approved!.id);
    expect(line).toMatchObject({ pagoId: approved!.id, estadoPago: 'reembolsado', bruto: 150_000, estado: 'revertida', reembolsadoEn: refunded.reembolsadoEn });
    const settlement = await api('GET', `/pagos/${approved!.id}/liquidacion`);
    expect(settlement.status).toBe(200);
    expect(settlement.body).toEqual(line);
    await admin.goto(`${publicUrl}/portal/pagos/${approved!.id}`);
    expect(await admin.locator('section[aria-labelledby=liquidacion]').textContent()).toContain('Revertida');
    const page = (await admin.locator('main').innerText()).replace(/\u00a0/g, ' ');
    expect(page).toContain('Pago PD-1 Reembolsado');
    expect(page).toContain('Reembolsado al pagador: $ 150.000');
    expect(page).toContain('el equipo de Pasarela');

    // The auditor's replay: every read model rebuilt from position 0 equals the live one.
    const replay = await ops('replay');
    expect(replay).toMatchObject({ estado: 'terminada', resultado: { iguales: true } });
    const tables = replay.resultado.proyecciones.flatMap((p: { tablas: Array<{ tabla: string; iguales: boolean }> }) => p.tablas);
    expect(tables.length).toBeGreaterThan(0);
    expect(tables.filter((t: { iguales: boolean }) => !t.iguales)).toEqual([]);

    // A refund sends no event (spec, States and transitions): the log still holds the day's two deliveries.
    const log = await ops('webhooks', 'deliveries', merchantId);
    expect(log.data).toHaveLength(2);
  }, STEP_MS);

  it('8. the merchant reads the refunded charge and its stats (HTTP)', async () => {
    const read = await api('GET', `/pagos/${charges[0]!.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: charges[0]!.id, estado: 'reembolsado', monto: 150_000, referencia: 'PD-1' });
    expect((await api('GET', `/pagos/${charges[1]!.id}`)).body).toMatchObject({ id: charges[1]!.id, estado: 'fallido' });
    // The list (a read model) says the same once the refund is projected; the stats of the day match it.
    const listed = await waitUntil(
      () => api('GET', '/pagos'),
      (answer) => answer.body.data?.some((c: { estado: string }) => c.estado === 'reembolsado'),
      20_000,
    );
    const today = bogotaToday();
    const stats = await api('GET', `/pagos/stats?desde=${today}&hasta=${today}`);
    expect(stats.status).toBe(200);
    const none = { cantidad: 0, monto: 0 };
    expect(stats.body.total).toEqual({
      cantidad: 2,
      monto: 239_900,
      porEstado: { creado: none, pendiente: none, aprobado: none, conciliado: none, fallido: { cantidad: 1, monto: 89_900 }, reembolsado: { cantidad: 1, monto: 150_000 } },
    });
    for (const charge of listed.body.data as Array<{ estado: string; monto: number }>) {
      expect(stats.body.total.porEstado[charge.estado]).toEqual({ cantidad: 1, monto: charge.monto });
    }
    // The administrator's Resumen shows the same figures.
    await admin.goto(`${publicUrl}/portal/resumen`);
    const tiles = await admin.locator('.tile').allTextContents();
    expect(tiles.find((t) => t.includes('Aprobado'))).toContain(pesos(0));
    expect(tiles.find((t) => t.includes('Reembolsado'))).toContain(pesos(150_000));
    expect(tiles.find((t) => t.includes('Fallidos'))).toContain(pesos(89_900));
  }, STEP_MS);
});
