import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { administratorsOnly } from '../../../kernel/acting-person.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { checkDestination } from '../../domain/destination.js';
import { WebhookEndpointNotFound } from '../../domain/webhook.errors.js';
import { WEBHOOK_ENDPOINTS, type EndpointChange, type WebhookEndpoints, type WebhookEndpointView } from '../ports/webhook-endpoints.port.js';
import { asOf } from '../signing-secret.js';
import { UpdateWebhookEndpoint } from './update-endpoint.command.js';

@CommandHandler(UpdateWebhookEndpoint)
export class UpdateWebhookEndpointHandler implements ICommandHandler<UpdateWebhookEndpoint, WebhookEndpointView> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, change, actor }: UpdateWebhookEndpoint): Promise<WebhookEndpointView> {
    if (change.url === undefined && change.activo === undefined) {
      throw new FieldError({}, ['Send url, activo or both']);
    }
    const checked: EndpointChange = { ...change };
    if (change.url !== undefined) {
      const destination = checkDestination(change.url, { allowLoopback: this.config.webhookAllowLoopback });
      if (!destination.ok) throw FieldError.of('url', destination.reason);
      checked.url = destination.url.href;
    }
    const at = this.clock.now();
    const updated = await this.endpoints.update(merchantId, checked, actor, at, administratorsOnly);
    if (!updated) throw new WebhookEndpointNotFound();
    return asOf(updated, at);
  }
}
