// Where merchants' webhook endpoints are kept, with the history of their changes (DESIGN.md 5.15, 5.18).
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

export interface WebhookEndpoints {
  /** Registers the merchant's one endpoint; null when it has one already. */
  create(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointView | null>;
  find(merchantId: string): Promise<WebhookEndpointView | null>;
  /** Applies the change and records it (old and new values, who, when); null when there is no endpoint. */
  update(merchantId: string, change: EndpointChange, actor: Actor, at: Date): Promise<WebhookEndpointView | null>;
}
