// The spec's Webhook event (Resources, "Webhook event"): built once from the charge event that caused it, and
// serialised once. Those bytes are stored and sent unchanged on every attempt (DESIGN.md 5.16).

export type WebhookEventType = 'payment.completed' | 'payment.failed';

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['payment.completed', 'payment.failed'];

export interface WebhookEvent {
  id: string;
  /** Epoch seconds of the approval or failure. */
  created: number;
  type: WebhookEventType;
  data: {
    paymentId: string;
    reference: string;
    monto: number;
    currency: string;
    estado: 'aprobado' | 'fallido';
  };
}

export interface PaymentOutcome {
  /** Id of the stored charge event (PaymentApproved or PaymentFailed): the webhook event's id derives from it. */
  sourceEventId: string;
  outcome: 'approved' | 'failed';
  /** ISO time of the approval or failure. */
  at: string;
  charge: { id: string; referencia: string; monto: number; moneda: string };
}

/** `evt_` + the source event's uuid as hex: the same charge event always gives the same webhook event id. */
export function webhookEventId(sourceEventId: string): string {
  return `evt_${sourceEventId.replaceAll('-', '').toLowerCase()}`;
}

export function webhookEventFor(payment: PaymentOutcome): WebhookEvent {
  const approved = payment.outcome === 'approved';
  // Keys in the spec's order: a merchant reading the raw body meets them as documented.
  return {
    id: webhookEventId(payment.sourceEventId),
    created: Math.floor(Date.parse(payment.at) / 1000),
    type: approved ? 'payment.completed' : 'payment.failed',
    data: {
      paymentId: payment.charge.id,
      reference: payment.charge.referencia,
      monto: payment.charge.monto,
      currency: payment.charge.moneda,
      estado: approved ? 'aprobado' : 'fallido',
    },
  };
}

export function serialiseEvent(event: WebhookEvent): string {
  return JSON.stringify(event);
}
