// Helpers for the paying tests (hosted page, sandbox provider, notices): create a charge, read it, drive time.
import type { Page } from 'playwright-core';
import type { Clock } from '../../src/kernel/clock.js';
import { http, type TestGateway } from '../support/gateway.js';

export interface Created {
  id: string;
  checkoutUrl: string;
  estado: string;
  token: string;
}

let sequence = 0;

export async function createCharge(
  gw: TestGateway,
  merchant: { merchantId: string; apiKey: string },
  extra: Record<string, unknown> = {},
  idempotencyKey = `pago-${Date.now()}-${++sequence}`,
): Promise<Created> {
  const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
    token: merchant.apiKey,
    headers: { 'idempotency-key': idempotencyKey },
    body: { merchantId: merchant.merchantId, monto: 150000, moneda: 'COP', referencia: `PED-${sequence}`, descripcion: 'Camiseta talla M', ...extra },
  });
  if (answer.status !== 201) throw new Error(`POST /v1/pagos answered ${answer.status}: ${answer.text}`);
  return { ...answer.body, token: String(answer.body.checkoutUrl).split('/checkout/')[1] };
}

export async function estadoOf(gw: TestGateway, merchant: { apiKey: string }, chargeId: string): Promise<string> {
  const answer = await http('GET', `${gw.publicUrl}/v1/pagos/${chargeId}`, { token: merchant.apiKey });
  if (answer.status !== 200) throw new Error(`GET /v1/pagos/${chargeId} answered ${answer.status}`);
  return answer.body.estado;
}

export async function eventTypes(gw: TestGateway, chargeId: string): Promise<string[]> {
  const rows: Array<{ type: string }> = await gw.infra.dataSource.query(
    'SELECT type FROM events WHERE stream_id = $1 ORDER BY revision',
    [`charge-${chargeId}`],
  );
  return rows.map((row) => row.type);
}

/** Polls until `probe` gives what `done` accepts (projector and workers run beside the test). */
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A clock the test can move forward (the gateway, the sandbox and the workers all read it). */
export class MovableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export function operator(gw: TestGateway, method: string, path: string, body?: unknown) {
  return http(method, `${gw.adminUrl}${path}`, { token: gw.operatorToken, body });
}

/** Posts a urlencoded form to the hosted page, as a browser does. */
export function postForm(url: string, fields: Record<string, string>) {
  return http('POST', url, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    rawBody: new URLSearchParams(fields).toString(),
  });
}

/**
 * A hosted-page form posted as a browser does it: the 303 (post/redirect/get), then the page it leads to, asked with
 * the cookie the answer set (what the form left for that page). `post` is the form's answer, `page` the page after it.
 */
export async function postFormAndFollow(url: string, fields: Record<string, string>) {
  const post = await postForm(url, fields);
  const location = post.headers.get('location');
  if (post.status !== 303 || !location) throw new Error(`expected a 303 to the page, got ${post.status} ${post.text.slice(0, 200)}`);
  const cookie = post.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  const page = await http('GET', new URL(location, url).toString(), { headers: cookie ? { cookie } : {} });
  return { post, page, cookie };
}

export const PAYER = {
  nombre: 'Ana María Pérez',
  email: 'ana@example.com',
  tipoPersona: 'natural',
  tipoDocumento: 'CC',
  numeroDocumento: '1020304050',
};

/** The card form in the provider's frame, filled with a test card up to the instalments, one cuota chosen. */
export async function fillCardUpToPay(page: Page, checkoutUrl: string, number = '4242 4242 4242 4242'): Promise<void> {
  await page.goto(`${checkoutUrl}?metodo=tarjeta`);
  const frame = page.frameLocator('iframe');
  await frame.getByLabel('Número de la tarjeta').fill(number);
  await frame.getByLabel('Nombre como aparece en la tarjeta').fill('ANA M PEREZ');
  await frame.getByLabel('Vence (MM/AA)').fill('12/30');
  await frame.getByLabel('Código de seguridad').fill('123');
  await frame.getByRole('button', { name: 'Continuar' }).click();
  await frame.getByLabel('Número de cuotas').selectOption('1');
}

/** The framed card form's final "Pagar $…" button. */
export const cardPayButton = (page: Page) => page.frameLocator('iframe').getByRole('button', { name: /^Pagar \$/ });
