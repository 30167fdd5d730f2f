// Drives a charge to aprobado or fallido the way the provider path does (load, decide ApplyProviderOutcome, append),
// through the application layer on the gateway's own event store. It arranges an approval for the tests whose subject
// is what follows one (webhooks, settlement dates, portal lists), with the method, the instant and the provider
// reference they need. The provider's own door (its signed notice, verified and applied) is tested through HTTP in
// test/provider and by a buyer in test/checkout's browser tests; tests that need that path use the operator route
// `POST /internal/sandbox/pagos/{id}/resultado` (test/checkout/paying.ts).
import { randomUUID } from 'node:crypto';
import { ChargeStream, type Cause } from '../../src/payments/application/charge-stream.js';
import type { EventStore } from '../../src/payments/application/ports/event-store.port.js';
import { decide } from '../../src/payments/domain/charge.decide.js';
import type { PaymentMethod } from '../../src/payments/domain/charge.events.js';

export interface HasEventStore {
  infra: { eventStore: EventStore };
}

/** Optional details (settlement tests): the method, when the provider decided, its reference. */
export interface OutcomeOptions {
  method?: PaymentMethod;
  at?: Date;
  providerReference?: string;
}

/** Answers the provider reference the outcome carried (what the provider's settlement report names). */
async function applyOutcome(
  gw: HasEventStore,
  chargeId: string,
  outcome: 'approved' | 'failed',
  options: OutcomeOptions = {},
): Promise<string> {
  const charges = new ChargeStream(gw.infra.eventStore);
  const { state, revision } = await charges.load(chargeId);
  if (!state) throw new Error(`No charge ${chargeId}`);
  const now = options.at ?? new Date();
  const providerReference = options.providerReference ?? `ref_${chargeId.slice(0, 8)}`;
  const noticeId = `ntc_${randomUUID()}`;
  const events = decide(
    {
      type: 'ApplyProviderOutcome',
      data: { outcome, method: options.method ?? 'tarjeta', providerReference, noticeId, ...(outcome === 'failed' ? { reason: 'declined' } : {}) },
      now,
    },
    state,
  );
  const cause: Cause = { correlationId: randomUUID(), causationId: noticeId, actor: { type: 'provider', id: 'sandbox' } };
  await charges.append(chargeId, events, revision, cause, now);
  return providerReference;
}

export const approveCharge = (gw: HasEventStore, chargeId: string, options?: OutcomeOptions): Promise<string> =>
  applyOutcome(gw, chargeId, 'approved', options);

export const failCharge = (gw: HasEventStore, chargeId: string, options?: OutcomeOptions): Promise<string> =>
  applyOutcome(gw, chargeId, 'failed', options);

/** Records a refund straight in the stream (settlement tests; the operator's refund route goes through the provider). */
export async function recordRefund(gw: HasEventStore, chargeId: string, at = new Date()): Promise<void> {
  const charges = new ChargeStream(gw.infra.eventStore);
  const { state, revision } = await charges.load(chargeId);
  const events = decide({ type: 'RefundCharge', data: { providerRefundId: `rf_${randomUUID()}` }, now: at }, state);
  const cause: Cause = { correlationId: randomUUID(), causationId: null, actor: { type: 'operator', id: 'operator-token' } };
  await charges.append(chargeId, events, revision, cause, at);
}
