// Charges for the portal's tests: created through the merchant API (some on past days, by moving the gateway's
// clock), then approved or failed the way a provider notice does it, and waited for in the read model.
import { MovableClock } from '../checkout/paying.js';
import { http, type TestGateway } from '../support/gateway.js';
import type { OnboardedMerchant } from '../support/merchants.js';
import { approveCharge, failCharge } from '../support/outcomes.js';

/** The checkout's movable clock, for the portal's tests that import it from here: one class, not a copy. */
export { MovableClock };

export interface SeededCharge {
  id: string;
  referencia: string;
  monto: number;
  estado: 'pendiente' | 'aprobado' | 'fallido';
  daysAgo: number;
}

const DAY_MS = 86_400_000;

export async function createCharge(gw: TestGateway, shop: OnboardedMerchant, referencia: string, monto: number): Promise<string> {
  const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, {
    token: shop.apiKey,
    headers: { 'idempotency-key': `portal-${referencia}` },
    body: { merchantId: shop.merchantId, monto, moneda: 'COP', referencia, descripcion: 'Pedido de prueba' },
  });
  if (answer.status !== 201) throw new Error(`POST /v1/pagos answered ${answer.status}: ${answer.text}`);
  return answer.body.id;
}

/**
 * `count` charges over the last 7 days (today included), referencias PED-1001..., amounts that differ; two of every
 * five approved, one failed, the rest pending. Answers them oldest first.
 */
export async function seedCharges(gw: TestGateway, shop: OnboardedMerchant, clock: MovableClock, count: number): Promise<SeededCharge[]> {
  const seeded: SeededCharge[] = [];
  for (let i = 0; i < count; i += 1) {
    const daysAgo = 6 - Math.floor((i * 7) / count);
    const referencia = `PED-${1001 + i}`;
    const monto = 20_000 + ((i * 37_000) % 230_000);
    clock.advance(-daysAgo * DAY_MS);
    let id: string;
    try {
      id = await createCharge(gw, shop, referencia, monto);
    } finally {
      clock.advance(daysAgo * DAY_MS);
    }
    const estado = i % 5 === 1 || i % 5 === 3 ? 'aprobado' : i % 5 === 4 ? 'fallido' : 'pendiente';
    if (estado === 'aprobado') await approveCharge(gw, id);
    if (estado === 'fallido') await failCharge(gw, id);
    seeded.push({ id, referencia, monto, estado, daysAgo });
  }
  await waitForReadModel(gw, shop, seeded);
  return seeded;
}

/** Lists come from the read model, which follows the events by well under a second. */
async function waitForReadModel(gw: TestGateway, shop: OnboardedMerchant, seeded: SeededCharge[]): Promise<void> {
  const want = new Map(seeded.map((c) => [c.id, c.estado]));
  const until = Date.now() + 10_000;
  for (;;) {
    const answer = await http('GET', `${gw.publicUrl}/v1/pagos?limit=100`, { token: shop.apiKey });
    const rows: Array<{ id: string; estado: string }> = answer.body.data ?? [];
    if ([...want].every(([id, estado]) => rows.some((r) => r.id === id && r.estado === estado))) return;
    if (Date.now() > until) throw new Error('The charges read model did not catch up in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
