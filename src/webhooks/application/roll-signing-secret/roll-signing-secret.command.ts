import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../kernel/actor.js';
import type { WebhookEndpointView } from '../ports/webhook-endpoints.port.js';

export interface RolledSigningSecret {
  endpoint: WebhookEndpointView;
  /** The new signing secret, in clear this once only (or again to its own repeated request: see `repeated`). */
  secret: string;
  /** Until when the replaced secret still signs, after the new one. */
  previousValidUntil: Date;
  /** True when nothing was rolled: the same person's repeat of the roll they just made answers that roll again. */
  repeated?: boolean;
}

/**
 * A new signing secret for the merchant's endpoint; the replaced one keeps signing for a grace period (DESIGN.md 5.15).
 * `ifUnchangedSince` (the endpoint's `actualizadoEn` the person saw when confirming) makes it a roll of that state only:
 * a second roll from the same confirmation would silently stop the secret the merchant's server still holds.
 */
export class RollSigningSecret extends Command<RolledSigningSecret> {
  constructor(
    readonly merchantId: string,
    readonly actor: Actor,
    readonly ifUnchangedSince?: Date,
    /** Refuse (409) while a secret replaced by the last roll still signs, since this roll would stop it at once. */
    readonly refuseWhilePreviousSigns = false,
  ) {
    super();
  }
}
