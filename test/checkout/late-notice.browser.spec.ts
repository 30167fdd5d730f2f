// A buyer pays a cash voucher at the network and the provider's notice is late (the gateway's notice route is
// unreachable for a while): the buyer who comes back to the page, before or after the voucher's deadline, must
// never be told to pay again ("the code expired and we did not receive the payment"); and once the notice arrives
// the charge is aprobado for the buyer and the merchant alike.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startTestGateway, waitUntil, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { createCharge, estadoOf, MovableClock } from './paying.js';

const SLOW_MS = 180_000;
const VOUCHER_VALIDITY_MS = 72 * 3600_000;

describe('a cash voucher paid at the network, its notice late', () => {
  const clock = new MovableClock();
  let gw: TestGateway;
  let merchant: OnboardedMerchant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let notices: Server;
  /** While true the provider's notices meet a 503 (the gateway unreachable); then they go through. */
  let holding = true;

  beforeAll(async () => {
    notices = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (holding) return void response.writeHead(503).end();
        fetch(`${gw.publicUrl}/provider/notices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sandbox-signature': String(request.headers['sandbox-signature'] ?? '') },
          body: Buffer.concat(chunks),
        })
          .then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()))
          .catch(() => response.writeHead(502).end());
      });
    });
    await new Promise<void>((resolve) => notices.listen(0, '127.0.0.1', resolve));
    const { port } = notices.address() as AddressInfo;
    [gw, browser] = await Promise.all([
      startTestGateway({ voucherExpiryIntervalMs: 100, sandboxNoticeUrl: `http://127.0.0.1:${port}/provider/notices` }, clock),
      launchBrowser(),
    ]);
    merchant = await onboardMerchant(gw, { nombre: 'Tienda La Esquina' });
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO', timezoneId: 'America/Bogota' });
    page = await context.newPage();
  }, SLOW_MS);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await new Promise((resolve) => notices?.close(resolve));
  }, SLOW_MS);

  it('says the payment is being confirmed, not that the code expired unpaid, until the notice arrives', async () => {
    const created = await createCharge(gw, merchant, { monto: 150000 });
    await page.goto(`${created.checkoutUrl}?metodo=efectivo`);
    await page.getByRole('button', { name: 'Generar código de pago' }).click();
    const reference = (await page.locator('.voucher .code').first().textContent())?.trim() ?? '';

    // An hour before the deadline the buyer pays at the counter.
    clock.advance(VOUCHER_VALIDITY_MS - 3600_000);
    const cashier = await context.newPage();
    await cashier.goto(`${gw.infra.config.sandboxPublicUrl}/red-efectivo`);
    await cashier.getByLabel('Referencia de pago').fill(reference);
    await cashier.getByRole('button', { name: 'Recibir pago' }).click();
    await cashier.getByRole('status').filter({ hasText: 'Pago recibido' }).waitFor();
    await cashier.close();
    expect(await estadoOf(gw, merchant, created.id)).toBe('pendiente');

    // Back at the page with the receipt in hand: not the voucher to pay again.
    await page.reload();
    await page.getByRole('heading', { name: 'Estamos confirmando tu pago' }).waitFor();

    // A day later, the deadline long gone and the notice still not in: never "no recibimos el pago".
    clock.advance(24 * 3600_000);
    await page.reload();
    await page.getByRole('heading', { name: 'Estamos confirmando tu pago' }).waitFor();
    expect(await page.getByText('no recibimos el pago').count()).toBe(0);

    // The gateway reachable again: the provider's retry lands and both sides see the approval.
    holding = false;
    clock.advance(3600_000);
    await waitUntil(() => estadoOf(gw, merchant, created.id), (estado) => estado === 'aprobado', 60_000);
    await page.reload();
    await page.getByRole('heading', { name: '¡Pago aprobado!' }).waitFor();
  }, SLOW_MS);
});
