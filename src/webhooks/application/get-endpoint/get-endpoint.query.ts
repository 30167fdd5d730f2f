import { Query } from '@nestjs/cqrs';
import type { WebhookEndpointView } from '../ports/webhook-endpoints.port.js';

/** GET /v1/webhook-endpoint: the configuration, never the secret; null when none is registered. */
export class GetWebhookEndpoint extends Query<WebhookEndpointView | null> {
  constructor(readonly merchantId: string) {
    super();
  }
}
