import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { administratorsOnly } from '../../../kernel/acting-person.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { FieldError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { checkDestination } from '../../domain/destination.js';
import { WebhookEndpointExists } from '../../domain/webhook.errors.js';
import { SECRET_BOX, type SecretBox } from '../ports/secret-box.port.js';
import { newSigningSecret } from '../signing-secret.js';
import { WEBHOOK_ENDPOINTS, type WebhookEndpoints } from '../ports/webhook-endpoints.port.js';
import { RegisterWebhookEndpoint, type RegisteredEndpoint } from './register-endpoint.command.js';

@CommandHandler(RegisterWebhookEndpoint)
export class RegisterWebhookEndpointHandler implements ICommandHandler<RegisterWebhookEndpoint, RegisteredEndpoint> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, url, actor }: RegisterWebhookEndpoint): Promise<RegisteredEndpoint> {
    const checked = checkDestination(url, { allowLoopback: this.config.webhookAllowLoopback });
    if (!checked.ok) throw FieldError.of('url', checked.reason);
    const id = randomUUID();
    const secret = newSigningSecret();
    const endpoint = await this.endpoints.create({
      id,
      merchantId,
      url: checked.url.href,
      sealedSecret: this.secrets.seal(secret, id),
      actor,
      at: this.clock.now(),
    }, administratorsOnly);
    if (!endpoint) throw new WebhookEndpointExists();
    return { endpoint, secret };
  }
}
