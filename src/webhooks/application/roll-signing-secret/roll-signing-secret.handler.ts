import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { previousSecretValidUntil } from '../../domain/signing-secrets.js';
import { WebhookEndpointNotFound } from '../../domain/webhook.errors.js';
import { SECRET_BOX, type SecretBox } from '../ports/secret-box.port.js';
import { WEBHOOK_ENDPOINTS, type WebhookEndpoints } from '../ports/webhook-endpoints.port.js';
import { newSigningSecret } from '../signing-secret.js';
import { RollSigningSecret, type RolledSigningSecret } from './roll-signing-secret.command.js';

@CommandHandler(RollSigningSecret)
export class RollSigningSecretHandler implements ICommandHandler<RollSigningSecret, RolledSigningSecret> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, actor }: RollSigningSecret): Promise<RolledSigningSecret> {
    // The endpoint's id is the sealing context, and it never changes: read it, then seal and roll.
    const existing = await this.endpoints.find(merchantId);
    if (!existing) throw new WebhookEndpointNotFound();
    const secret = newSigningSecret();
    const at = this.clock.now();
    const previousValidUntil = previousSecretValidUntil(at);
    const sealedSecret = this.secrets.seal(secret, existing.id);
    const endpoint = await this.endpoints.rollSecret(merchantId, existing.id, { sealedSecret, previousValidUntil }, actor, at);
    if (!endpoint) throw new WebhookEndpointNotFound();
    return { endpoint, secret, previousValidUntil };
  }
}
