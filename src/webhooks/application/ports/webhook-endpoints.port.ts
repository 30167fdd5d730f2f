// Where merchants' webhook endpoints are kept, with the history of their changes (DESIGN.md 5.15, 5.18).
import type { ActorCheck } from '../../../kernel/acting-person.js';
import type { Actor } from '../../../kernel/actor.js';

export const WEBHOOK_ENDPOINTS = Symbol('WebhookEndpoints');

export interface WebhookEndpointView {
  id: string;
  merchantId: string;
  url: string;
  activo: boolean;
  creadoEn: string;
  actualizadoEn: string;
  actualizadoPor: Actor;
  /** When the secret replaced by the last roll stops signing; null when none is kept. As stored: see `asOf`. */
  previousSecretValidUntil: string | null;
}

export interface NewWebhookEndpoint {
  id: string;
  merchantId: string;
  url: string;
  /** The signing secret, sealed by the SecretBox (never stored in clear). */
  sealedSecret: string;
  actor: Actor;
  at: Date;
}

export interface EndpointChange {
  url?: string;
  activo?: boolean;
}

export interface SecretRoll {
  /** The new signing secret, sealed by the SecretBox for this endpoint. */
  sealedSecret: string;
  /** Until when the replaced secret keeps signing. */
  previousValidUntil: Date;
  /** Roll only if the endpoint's last change is still this one (its `actualizadoEn`); else nothing is written. */
  ifUpdatedAt?: Date;
}

/** An endpoint's signing secrets as stored, sealed: the current one and the one a roll replaced, if kept. */
export interface SealedSecrets {
  endpointId: string;
  merchantId: string;
  sealedSecret: string;
  previousSecret: string | null;
}

/** What to store instead; null leaves the endpoint's row as it is. */
export type Reseal = (endpoint: SealedSecrets) => { sealedSecret: string; previousSecret: string | null } | null;

/** Every write below runs `check` first, with the actor's role read under the merchant row's lock; it may throw. */
export interface WebhookEndpoints {
  /** Registers the merchant's one endpoint; null when it has one already. */
  create(endpoint: NewWebhookEndpoint, check: ActorCheck): Promise<WebhookEndpointView | null>;
  find(merchantId: string): Promise<WebhookEndpointView | null>;
  /** Applies the change and records it (old and new values, who, when); null when there is no endpoint. */
  update(merchantId: string, change: EndpointChange, actor: Actor, at: Date, check: ActorCheck): Promise<WebhookEndpointView | null>;
  /** Makes the sealed secret the endpoint's and keeps the one it replaces (as sealed, unopened) until
   * `previousValidUntil`, dropping any kept before; recorded as a change. Null when the merchant has no such endpoint,
   * or when `ifUpdatedAt` is given and the endpoint changed since. */
  rollSecret(merchantId: string, endpointId: string, roll: SecretRoll, actor: Actor, at: Date, check: ActorCheck): Promise<WebhookEndpointView | null>;
  /** The endpoint's current signing secret, sealed; null when the merchant has none. */
  currentSealedSecret(merchantId: string): Promise<string | null>;
  /** In one transaction, every endpoint's sealed secrets locked and handed to `reseal`, and what it answers stored
   * (nothing else about the endpoint changes: re-sealing is not a settings change). */
  resealSecrets(reseal: Reseal): Promise<void>;
}
