import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { WebhookEndpointView } from '../ports/webhook-endpoints.port.js';

export interface RegisteredEndpoint {
  endpoint: WebhookEndpointView;
  /** The signing secret, in clear this once only (or again to its own repeated request: see `repeated`). */
  secret: string;
  /** True when nothing was registered: the same person's repeat of the registration they just made answers it again. */
  repeated?: boolean;
}

/**
 * POST /v1/webhook-endpoint: the merchant's one endpoint, with a new signing secret. With `answerRepeat` (the portal,
 * where a double click's first answer is lost), the same actor posting the same URL again within REPEAT_WINDOW_MS of
 * their registration, nothing changed since, gets that registration's answer again instead of webhook_endpoint_exists.
 */
export class RegisterWebhookEndpoint extends Command<RegisteredEndpoint> {
  constructor(
    readonly merchantId: string,
    readonly url: string,
    readonly actor: Actor,
    readonly answerRepeat = false,
  ) {
    super();
  }
}
