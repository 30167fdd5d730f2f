import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { WebhookEndpointView } from '../ports/webhook-endpoints.port.js';

export interface RegisteredEndpoint {
  endpoint: WebhookEndpointView;
  /** The signing secret, in clear this once only. */
  secret: string;
}

/** POST /v1/webhook-endpoint: the merchant's one endpoint, with a new signing secret. */
export class RegisterWebhookEndpoint extends Command<RegisteredEndpoint> {
  constructor(
    readonly merchantId: string,
    readonly url: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
