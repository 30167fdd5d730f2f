// One attempt of one claimed delivery: sign the stored bytes afresh, POST them, record what happened and what follows.
import type { Clock } from '../../../kernel/clock.js';
import { afterAttempt } from '../../domain/delivery.js';
import { DELIVERY_ID_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../domain/signature.js';
import type { ClaimedDelivery, DeliveryQueue } from '../ports/delivery-queue.port.js';
import type { SecretBox } from '../ports/secret-box.port.js';
import type { SendResult, WebhookSender } from '../ports/webhook-sender.port.js';

export const USER_AGENT = 'Pasarela-Webhooks/1.0';

export interface DeliveryParts {
  queue: DeliveryQueue;
  sender: WebhookSender;
  secrets: SecretBox;
  clock: Clock;
  retryDelays: readonly number[];
}

export async function deliver(parts: DeliveryParts, delivery: ClaimedDelivery, shutdown: AbortSignal): Promise<void> {
  const { endpoint } = delivery;
  if (!endpoint || !endpoint.activo) {
    await parts.queue.markWithoutEndpoint(delivery);
    return;
  }
  const startedAt = parts.clock.now();
  const secret = openSecret(parts.secrets, endpoint);
  const result: SendResult =
    secret === null
      ? { statusCode: null, latencyMs: 0, error: 'the signing secret could not be decrypted (WEBHOOK_SECRET_KEY changed?)' }
      : await parts.sender.send(
          {
            url: endpoint.url,
            body: delivery.body,
            headers: {
              'content-type': 'application/json',
              'user-agent': USER_AGENT,
              [EVENT_HEADER]: delivery.eventType,
              [DELIVERY_ID_HEADER]: delivery.id,
              [SIGNATURE_HEADER]: signatureHeader([secret], Math.floor(startedAt.getTime() / 1000), delivery.body),
            },
          },
          shutdown,
        );
  // Cut short by a shutdown: not a failure of the receiver; the next dispatcher takes it at once.
  if (shutdown.aborted) {
    await parts.queue.release(delivery);
    return;
  }
  const next = afterAttempt(result.statusCode, delivery.seriesAttempts + 1, parts.retryDelays);
  await parts.queue.recordAttempt(delivery, { url: endpoint.url, startedAt, ...result }, next);
}

/** Null when the sealed secret cannot be opened (a changed WEBHOOK_SECRET_KEY): the attempt then fails visibly. */
function openSecret(secrets: SecretBox, endpoint: NonNullable<ClaimedDelivery['endpoint']>): string | null {
  try {
    return secrets.open(endpoint.sealedSecret, endpoint.id);
  } catch {
    return null;
  }
}
