// What the webhook tests share: a merchant with a charge API and an endpoint, charges, and the operator's view.
import { randomUUID } from 'node:crypto';
import { http, type TestGateway } from '../../support/gateway.js';
import { onboardMerchant, type GatewayAddress, type OnboardedMerchant } from '../../support/merchants.js';

export interface WebhookMerchant extends OnboardedMerchant {
  secret: string | null;
}

/** An onboarded merchant; with `url`, its webhook endpoint registered there (the secret kept). */
export async function merchantWithEndpoint(gw: GatewayAddress, url: string | null): Promise<WebhookMerchant> {
  const merchant = await onboardMerchant(gw);
  if (url === null) return { ...merchant, secret: null };
  const answer = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: merchant.apiKey, body: { url } });
  if (answer.status !== 201) throw new Error(`POST /v1/webhook-endpoint answered ${answer.status}: ${answer.text}`);
  return { ...merchant, secret: answer.body.secret as string };
}

export interface CreatedCharge {
  id: string;
  referencia: string;
  monto: number;
}

/** Creates a charge as a merchant's server does: a 503 (the provider slow, e.g. on a loaded machine) is retried with the
 * same Idempotency-Key, as the spec says. */
export async function createCharge(gw: Pick<TestGateway, 'publicUrl'>, merchant: OnboardedMerchant, monto = 150_000): Promise<CreatedCharge> {
  const referencia = `PED-${randomUUID().slice(0, 8)}`;
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
      token: merchant.apiKey,
      headers: { 'idempotency-key': key },
      body: { merchantId: merchant.merchantId, monto, moneda: 'COP', referencia },
    });
    if (answer.status === 201) return { id: answer.body.id as string, referencia, monto };
    if (answer.status !== 503 || attempt >= 5) throw new Error(`POST /v1/pagos answered ${answer.status}: ${answer.text}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)));
  }
}

export interface AttemptJson {
  numero: number;
  enviadoEn: string;
  url: string;
  codigoEstado: number | null;
  latenciaMs: number;
  error: string | null;
}

export interface DeliveryJson {
  id: string;
  eventoId: string;
  tipo: string;
  pagoId: string;
  estado: string;
  intentos: AttemptJson[];
  [field: string]: unknown;
}

export async function deliveries(gw: TestGateway, merchantId: string, estado?: string): Promise<DeliveryJson[]> {
  const query = estado ? `?estado=${estado}` : '';
  const answer = await http<{ data: DeliveryJson[] }>('GET', `${gw.adminUrl}/internal/merchants/${merchantId}/entregas${query}`, {
    token: gw.operatorToken,
  });
  if (answer.status !== 200) throw new Error(`GET entregas answered ${answer.status}: ${answer.text}`);
  return answer.body.data;
}

/** Waits until `count` of the merchant's deliveries are in `estado` (the receiver answers before the outcome is recorded). */
export async function untilDeliveries(gw: TestGateway, merchantId: string, estado: string, count = 1, timeoutMs = 10_000): Promise<DeliveryJson[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await deliveries(gw, merchantId, estado);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${count} ${estado} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
