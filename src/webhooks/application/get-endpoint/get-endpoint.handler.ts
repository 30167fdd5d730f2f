import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { WEBHOOK_ENDPOINTS, type WebhookEndpoints, type WebhookEndpointView } from '../ports/webhook-endpoints.port.js';
import { GetWebhookEndpoint } from './get-endpoint.query.js';

@QueryHandler(GetWebhookEndpoint)
export class GetWebhookEndpointHandler implements IQueryHandler<GetWebhookEndpoint, WebhookEndpointView | null> {
  constructor(@Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints) {}

  execute({ merchantId }: GetWebhookEndpoint): Promise<WebhookEndpointView | null> {
    return this.endpoints.find(merchantId);
  }
}
