import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { WEBHOOK_ENDPOINTS, type WebhookEndpoints, type WebhookEndpointView } from '../ports/webhook-endpoints.port.js';
import { asOf } from '../signing-secret.js';
import { GetWebhookEndpoint } from './get-endpoint.query.js';

@QueryHandler(GetWebhookEndpoint)
export class GetWebhookEndpointHandler implements IQueryHandler<GetWebhookEndpoint, WebhookEndpointView | null> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId }: GetWebhookEndpoint): Promise<WebhookEndpointView | null> {
    const endpoint = await this.endpoints.find(merchantId);
    return endpoint && asOf(endpoint, this.clock.now());
  }
}
