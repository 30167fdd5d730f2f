import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { EndpointChange, WebhookEndpointView } from '../ports/webhook-endpoints.port.js';

/** PUT /v1/webhook-endpoint: a new URL, or (de)activation. The next attempt of any delivery uses the change. */
export class UpdateWebhookEndpoint extends Command<WebhookEndpointView> {
  constructor(
    readonly merchantId: string,
    readonly change: EndpointChange,
    readonly actor: Actor,
  ) {
    super();
  }
}
