import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { administratorsOnly } from '../../../kernel/acting-person.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isStillSigning, previousSecretValidUntil } from '../../domain/signing-secrets.js';
import { PreviousSecretStillSigns, WebhookEndpointChanged, WebhookEndpointNotFound } from '../../domain/webhook.errors.js';
import { SECRET_BOX, type SecretBox } from '../ports/secret-box.port.js';
import { WEBHOOK_ENDPOINTS, type WebhookEndpoints, type WebhookEndpointView } from '../ports/webhook-endpoints.port.js';
import { newSigningSecret, REPEAT_WINDOW_MS } from '../signing-secret.js';
import { RollSigningSecret, type RolledSigningSecret } from './roll-signing-secret.command.js';

@CommandHandler(RollSigningSecret)
export class RollSigningSecretHandler implements ICommandHandler<RollSigningSecret, RolledSigningSecret> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: RollSigningSecret): Promise<RolledSigningSecret> {
    const { merchantId, actor, ifUnchangedSince } = command;
    // The endpoint's id is the sealing context, and it never changes: read it, then seal and roll.
    const existing = await this.endpoints.find(merchantId);
    if (!existing) throw new WebhookEndpointNotFound();
    if (ifUnchangedSince && existing.actualizadoEn !== ifUnchangedSince.toISOString()) return this.repeatOrRefuse(command, existing);
    const at = this.clock.now();
    const previousUntil = existing.previousSecretValidUntil;
    if (command.refuseWhilePreviousSigns && previousUntil !== null && isStillSigning({ validUntil: new Date(previousUntil) }, at)) {
      throw new PreviousSecretStillSigns(previousUntil);
    }
    // Refusing was judged on this state: roll only if it is still the endpoint's (a roll in between is a 409).
    const ifUpdatedAt = command.refuseWhilePreviousSigns ? new Date(existing.actualizadoEn) : ifUnchangedSince;
    const secret = newSigningSecret();
    const previousValidUntil = previousSecretValidUntil(at);
    const sealedSecret = this.secrets.seal(secret, existing.id);
    const endpoint = await this.endpoints.rollSecret(merchantId, existing.id, { sealedSecret, previousValidUntil, ifUpdatedAt }, actor, at, administratorsOnly);
    if (endpoint) return { endpoint, secret, previousValidUntil };
    // Changed between the read and the roll (the first of a double click won the row).
    const now = await this.endpoints.find(merchantId);
    if (!now) throw new WebhookEndpointNotFound();
    return this.repeatOrRefuse(command, now);
  }

  /**
   * The endpoint changed after the person saw it. When that change is a roll this same actor made since, a moment ago,
   * this is their request again (a double click, a reload, the same confirmation in a second tab): the answer is that
   * roll's, its secret opened again for them, and nothing is rolled. Anything else is refused, nothing written.
   */
  private async repeatOrRefuse({ merchantId, actor, ifUnchangedSince }: RollSigningSecret, endpoint: WebhookEndpointView): Promise<RolledSigningSecret> {
    const updatedAt = new Date(endpoint.actualizadoEn);
    const lastWasRoll = endpoint.previousSecretValidUntil === previousSecretValidUntil(updatedAt).toISOString();
    const byThisActor = endpoint.actualizadoPor.type === actor.type && endpoint.actualizadoPor.id === actor.id;
    const since = ifUnchangedSince ? updatedAt.getTime() > ifUnchangedSince.getTime() : false;
    const recent = this.clock.now().getTime() - updatedAt.getTime() < REPEAT_WINDOW_MS;
    if (!(lastWasRoll && byThisActor && since && recent)) throw new WebhookEndpointChanged();
    const sealed = await this.endpoints.currentSealedSecret(merchantId);
    if (sealed === null) throw new WebhookEndpointNotFound();
    return { endpoint, secret: this.secrets.open(sealed, endpoint.id), previousValidUntil: previousSecretValidUntil(updatedAt), repeated: true };
  }
}
