// The card number never reaches the service's server: while buyers pay by card in a real browser, every request
// the public and operator listeners receive (URL, headers, body) and every log line is captured, and none holds
// a card number; no stored row does either. The sandbox's own listener must see the numbers (proof the capture
// works): it is the provider's origin, the only place a card number may go.
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoggerService } from '@nestjs/common';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { acceptInvitation, csrfOf, operatorInvites, signIn } from '../portal/portal-client.js';
import { createCharge, estadoOf } from './paying.js';

const CARDS = ['4242424242424242', '4000000000000002', '4242424242424241', '5200828282828210'];
/** A card number as typed, in any grouping: digits with optional spaces or dashes between them. */
const anyCard = new RegExp(CARDS.map((n) => n.split('').join('(?:\\s|-|\\+|%20)*')).join('|'));

interface Captured {
  port: number;
  text: string;
}

const captured: Captured[] = [];
const logLines: string[] = [];

/** Records every request's URL, headers and body as the server reads it, without changing how it is read. */
function captureRequests(message: unknown): void {
  const { request, server } = message as { request: IncomingMessage; server: Server };
  const port = (server.address() as AddressInfo | null)?.port ?? 0;
  const entry: Captured = { port, text: `${request.method} ${request.url}\n${JSON.stringify(request.headers)}\n` };
  captured.push(entry);
  const emit = request.emit.bind(request);
  request.emit = ((event: string, ...args: unknown[]) => {
    if (event === 'data' && args[0] !== undefined) entry.text += Buffer.from(args[0] as Buffer).toString('utf8');
    return emit(event, ...args);
  }) as typeof request.emit;
}

const recordingLogger: LoggerService = {
  log: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
  error: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
  warn: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
  debug: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
  verbose: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
  fatal: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
};

/** A loaded 2-core machine can run these several times slower than an idle one. */
const SLOW_MS = 180_000;

describe('card numbers never reach the service', () => {
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let browser: Browser;
  const restore: Array<() => void> = [];

  beforeAll(async () => {
    diagnostics.subscribe('http.server.request.start', captureRequests);
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        logLines.push(String(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      restore.push(() => (stream.write = write));
    }
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[level];
      console[level] = (...args: unknown[]) => {
        logLines.push(args.map(String).join(' '));
      };
      restore.push(() => (console[level] = original));
    }
    // Every log level on: whatever the service would log, the test reads.
    gw = await startTestGateway({}, undefined, recordingLogger);
    [merchant, browser] = await Promise.all([onboardMerchant(gw), launchBrowser()]);
  }, SLOW_MS);

  afterAll(async () => {
    diagnostics.unsubscribe('http.server.request.start', captureRequests);
    for (const undo of restore) undo();
    await browser?.close();
    await gw?.close();
  }, SLOW_MS);

  async function payByCard(number: string, cuotas: string | null): Promise<{ id: string; page: string }> {
    const created = await createCharge(gw, merchant);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${created.checkoutUrl}?metodo=tarjeta`);
    const frame = page.frameLocator('iframe');
    await frame.getByLabel('Número de la tarjeta').fill(number);
    await frame.getByLabel('Nombre como aparece en la tarjeta').fill('ANA PEREZ');
    await frame.getByLabel('Vence (MM/AA)').fill('12/30');
    await frame.getByLabel('Código de seguridad').fill('123');
    await frame.getByRole('button', { name: 'Continuar' }).click();
    const typo = number.endsWith('41');
    if (typo) {
      await frame.getByText('Revisa el número de la tarjeta').waitFor();
    } else {
      if (cuotas) await frame.getByLabel('Número de cuotas').selectOption(cuotas);
      await frame.getByRole('button', { name: /^Pagar \$/ }).click();
      await page.waitForURL(created.checkoutUrl);
      await page.getByRole('heading', { name: /Pago aprobado|no fue aprobado/ }).waitFor();
    }
    const content = await page.content();
    await context.close();
    return { id: created.id, page: content };
  }

  it('approves, declines and refuses a mistyped number, with the numbers seen by the provider origin only', async () => {
    const approved = await payByCard('4242 4242 4242 4242', '6');
    const declined = await payByCard('4000 0000 0000 0002', '1');
    await payByCard('4242 4242 4242 4241', null);
    const debit = await payByCard('5200828282828210', null);
    expect(await estadoOf(gw, merchant, approved.id)).toBe('aprobado');
    expect(await estadoOf(gw, merchant, declined.id)).toBe('fallido');
    expect(await estadoOf(gw, merchant, debit.id)).toBe('aprobado');

    const ports = {
      public: Number(new URL(gw.publicUrl).port),
      admin: Number(new URL(gw.adminUrl).port),
      sandbox: Number(new URL(gw.sandboxUrl).port),
    };
    const service = captured.filter((c) => c.port === ports.public || c.port === ports.admin);
    const sandbox = captured.filter((c) => c.port === ports.sandbox);

    // The capture works: the provider's origin received every number typed, the service its tokens and notices.
    for (const number of CARDS) expect(sandbox.some((c) => c.text.replace(/\+|%20/g, '').includes(number))).toBe(true);
    expect(service.filter((c) => /tokenTarjeta=tok_/.test(c.text)).length).toBe(3);
    expect(service.filter((c) => c.text.startsWith('POST /provider/notices')).length).toBe(3);
    expect(logLines.length).toBeGreaterThan(0);

    // ... and nothing the service received or logged holds a card number.
    expect(service.filter((c) => anyCard.test(c.text)).map((c) => c.text.slice(0, 200))).toEqual([]);
    expect(logLines.filter((line) => anyCard.test(line))).toEqual([]);
    expect(anyCard.test(approved.page)).toBe(false);
  }, SLOW_MS);

  it('stores no card number in any table', async () => {
    const tables: Array<{ table_name: string }> = await gw.infra.dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['events', 'charges', 'sandbox_card_tokens', 'sandbox_attempts']));
    const hits: string[] = [];
    for (const { table_name } of tables) {
      const rows: Array<{ row: string }> = await gw.infra.dataSource.query(`SELECT t::text AS row FROM "${table_name}" t`);
      for (const { row } of rows) if (anyCard.test(row)) hits.push(`${table_name}: ${row.slice(0, 120)}`);
    }
    expect(hits).toEqual([]);
    const tokens = await gw.infra.dataSource.query('SELECT ultimos4 FROM sandbox_card_tokens ORDER BY creado_en');
    expect(tokens.map((t: { ultimos4: string }) => t.ultimos4)).toEqual(['4242', '0002', '8210']);
  }, SLOW_MS);

  it("a whole journey (the merchant's key, webhook secret and portal password, a buyer's card, PSE and cash): no secret in a log line or a URL", async () => {
    const logged = logLines.length;
    const asked = captured.length;
    const cvc = '739';
    const secrets: Record<string, string> = { apiKey: merchant.apiKey };
    const endpoint = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body: { url: 'http://127.0.0.1:9/hook' } });
    expect(endpoint.status).toBe(201);
    secrets.webhookSecret = endpoint.body.secret;
    const password = 'siete palabras que nadie adivina';
    secrets.password = password;
    const invitation = await operatorInvites(gw, merchant.merchantId, 'duena@segura.co');
    secrets.invitationToken = invitation.split('/').at(-1)!;
    const invited = await acceptInvitation(gw, invitation, password);
    await invited.post('/portal/salir', { csrf: csrfOf((await invited.get('/portal/sesiones')).text) });
    const { client } = await signIn(gw, 'duena@segura.co', password);
    secrets.session = [...client.cookies].find(([name]) => name.includes('sesion'))![1];
    secrets.csrf = csrfOf((await client.get('/portal/sesiones')).text);
    const reset = await http('POST', `${gw.publicUrl}/v1/personas/${(await http('GET', `${gw.publicUrl}/v1/personas`, { token: merchant.apiKey })).body[0].id}/restablecimiento`, { token: merchant.apiKey });
    secrets.resetToken = String(reset.body.url).split('/').at(-1)!;

    const context = await browser.newContext();
    const visited: string[] = [];
    const ours = new URL(gw.publicUrl).origin;
    context.on('request', (request) => void (new URL(request.url()).origin === ours && visited.push(request.url())));
    const page = await context.newPage();
    // Card, with the security code typed.
    const card = await createCharge(gw, merchant);
    await page.goto(`${card.checkoutUrl}?metodo=tarjeta`);
    const frame = page.frameLocator('iframe');
    await frame.getByLabel('Número de la tarjeta').fill('4242 4242 4242 4242');
    await frame.getByLabel('Nombre como aparece en la tarjeta').fill('ANA PEREZ');
    await frame.getByLabel('Vence (MM/AA)').fill('12/30');
    await frame.getByLabel('Código de seguridad').fill(cvc);
    await frame.getByRole('button', { name: 'Continuar' }).click();
    await frame.getByRole('button', { name: /^Pagar \$/ }).click();
    await page.waitForURL(card.checkoutUrl);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    // PSE, approved at the bank.
    const pse = await createCharge(gw, merchant);
    await page.goto(`${pse.checkoutUrl}?metodo=pse`);
    await page.getByLabel('Banco').selectOption({ label: 'Bancolombia' });
    await page.getByLabel('Natural').check();
    await page.getByLabel('Tipo de documento').selectOption('CC');
    await page.getByLabel('Número de documento').fill('1020304050');
    await page.getByLabel('Nombre del titular de la cuenta').fill('Ana María Pérez');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByRole('button', { name: 'Continuar al banco' }).click();
    await page.getByRole('button', { name: 'Autorizar pago' }).click();
    await page.waitForURL(pse.checkoutUrl);
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
    // Cash.
    const cash = await createCharge(gw, merchant);
    await page.goto(`${cash.checkoutUrl}?metodo=efectivo`);
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    await page.getByRole('heading', { name: 'Tu código para pagar en efectivo' }).waitFor();
    await context.close();

    const ports = [Number(new URL(gw.publicUrl).port), Number(new URL(gw.adminUrl).port)];
    const urls = captured.slice(asked).filter((c) => ports.includes(c.port)).map((c) => c.text.split('\n')[0]!);
    expect(urls.some((line) => line.includes('/tarjeta'))).toBe(true); // the capture saw the journey
    expect(visited.length).toBeGreaterThan(0);
    const lines = logLines.slice(logged);
    const checkoutTokens = [card.token, pse.token, cash.token];
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, secret.length >= 16 || name === 'password']).toEqual([name, true]);
      expect([name, lines.filter((line) => line.includes(secret))]).toEqual([name, []]);
      // The links' own tokens are in their URLs (/portal/invitacion/{token}): the other secrets in none.
      const inUrls = name.endsWith('Token') ? [] : [...urls, ...visited].filter((url) => url.includes(secret) || url.includes(encodeURIComponent(secret)));
      expect([name, inUrls]).toEqual([name, []]);
    }
    for (const token of checkoutTokens) expect(lines.filter((line) => line.includes(token))).toEqual([]);
    // The security code: no field of ours carries it, in a URL or a body.
    const bodies = captured.slice(asked).filter((c) => ports.includes(c.port)).map((c) => c.text);
    expect(bodies.filter((text) => /\b(cvc|cvv|codigoSeguridad)\b/i.test(text))).toEqual([]);
    expect([...urls, ...visited].filter((url) => [...new URL(url, ours).searchParams.values()].includes(cvc))).toEqual([]);
    expect(lines.filter((line) => anyCard.test(line) || /\b(cvc|cvv)\b/i.test(line))).toEqual([]);
  }, SLOW_MS);
});
