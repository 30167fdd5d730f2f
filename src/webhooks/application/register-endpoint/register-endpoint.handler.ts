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
import { newSigningSecret, REPEAT_WINDOW_MS } from '../signing-secret.js';
import { WEBHOOK_ENDPOINTS, type WebhookEndpoints } from '../ports/webhook-endpoints.port.js';
import type { Actor } from '../../../kernel/actor.js';
import { RegisterWebhookEndpoint, type RegisteredEndpoint } from './register-endpoint.command.js';

@CommandHandler(RegisterWebhookEndpoint)
export class RegisterWebhookEndpointHandler implements ICommandHandler<RegisterWebhookEndpoint, RegisteredEndpoint> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, url, actor, answerRepeat }: RegisterWebhookEndpoint): Promise<RegisteredEndpoint> {
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
    if (endpoint) return { endpoint, secret };
    if (answerRepeat) {
      const repeated = await this.repeatOf(merchantId, checked.url.href, actor);
      if (repeated) return repeated;
    }
    throw new WebhookEndpointExists();
  }

  /**
   * The endpoint there is, when it is this very registration made a moment ago by this actor, untouched since (no URL or
   * state change, no roll): its secret opened again, as the roll's repeat does. Null for anything else.
   */
  private async repeatOf(merchantId: string, url: string, actor: Actor): Promise<RegisteredEndpoint | null> {
    const existing = await this.endpoints.find(merchantId);
    if (!existing) return null;
    const untouched = existing.actualizadoEn === existing.creadoEn && existing.url === url;
    const byThisActor = existing.actualizadoPor.type === actor.type && existing.actualizadoPor.id === actor.id;
    const recent = this.clock.now().getTime() - new Date(existing.creadoEn).getTime() < REPEAT_WINDOW_MS;
    if (!(untouched && byThisActor && recent)) return null;
    const sealed = await this.endpoints.currentSealedSecret(merchantId);
    if (sealed === null) return null;
    return { endpoint: existing, secret: this.secrets.open(sealed, existing.id), repeated: true };
  }
}
