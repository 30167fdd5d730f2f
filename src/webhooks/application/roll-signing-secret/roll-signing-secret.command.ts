import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { WebhookEndpointView } from '../ports/webhook-endpoints.port.js';

export interface RolledSigningSecret {
  endpoint: WebhookEndpointView;
  /** The new signing secret, in clear this once only. */
  secret: string;
  /** Until when the replaced secret still signs, after the new one. */
  previousValidUntil: Date;
}

/** A new signing secret for the merchant's endpoint; the replaced one keeps signing for a grace period (DESIGN.md 5.15). */
export class RollSigningSecret extends Command<RolledSigningSecret> {
  constructor(
    readonly merchantId: string,
    readonly actor: Actor,
  ) {
    super();
  }
}
