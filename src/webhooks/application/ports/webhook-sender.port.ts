// Sends one signed POST to a merchant's endpoint, under the destination rules. Never throws: a failure is a result.
export const WEBHOOK_SENDER = Symbol('WebhookSender');

export interface OutgoingWebhook {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendResult {
  /** The HTTP status; null when no answer came (refused destination, network error, time-out). */
  statusCode: number | null;
  latencyMs: number;
  /** Why it did not succeed, in our words; never the receiver's response body. */
  error: string | null;
}

export interface WebhookSender {
  send(request: OutgoingWebhook, signal?: AbortSignal): Promise<SendResult>;
  close(): void;
}
