// One attempt of one claimed delivery: sign the stored bytes afresh, POST them, record what happened and what follows.
import type { Clock } from '../../../kernel/clock.js';
import { afterAttempt } from '../../domain/delivery.js';
import { DELIVERY_ID_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '../../domain/signature.js';
import { signingSecrets } from '../../domain/signing-secrets.js';
import type { ClaimedDelivery, ClaimedEndpoint, DeliveryQueue } from '../ports/delivery-queue.port.js';
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
  const secrets = openSecrets(parts.secrets, endpoint, startedAt);
  const result: SendResult =
    secrets === null
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
              [SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(startedAt.getTime() / 1000), delivery.body),
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

/** The secrets this attempt is signed with, opened, current first (DESIGN.md 5.15: a replaced one while in grace).
 * Null when the current one cannot be opened (a changed WEBHOOK_SECRET_KEY): the attempt then fails visibly. A
 * replaced one that cannot be opened is left out: rolling is how a merchant recovers from such a key change. */
function openSecrets(secrets: SecretBox, endpoint: ClaimedEndpoint, now: Date): string[] | null {
  const [current, ...replaced] = signingSecrets(endpoint.sealedSecret, endpoint.previousSecret, now).map((sealed) =>
    tryOpen(secrets, sealed, endpoint.id),
  );
  if (current === undefined || current === null) return null;
  return [current, ...replaced.filter((secret) => secret !== null)];
}

function tryOpen(secrets: SecretBox, sealed: string, context: string): string | null {
  try {
    return secrets.open(sealed, context);
  } catch {
    return null;
  }
}
