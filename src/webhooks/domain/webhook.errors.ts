// The webhooks context's expected failures, with stable codes (DESIGN.md 5.1).
import { DomainError, NotFound } from '../../kernel/errors.js';

export class WebhookEndpointExists extends DomainError {
  constructor() {
    super('conflict', 'webhook_endpoint_exists', 'A webhook endpoint is registered already: change it with PUT /v1/webhook-endpoint');
  }
}

export class WebhookEndpointNotFound extends NotFound {
  constructor() {
    super('Webhook endpoint');
  }
}

export class DeliveryNotFound extends NotFound {
  constructor() {
    super('Delivery');
  }
}

export class DeliveryPending extends DomainError {
  constructor() {
    super('conflict', 'delivery_pending', 'The delivery is still being attempted; it can be sent again once it is entregada, fallida or sin_endpoint');
  }
}

/** An operator's roll while the secret replaced by the last roll still signs, not forced: rolling would stop it now. */
export class PreviousSecretStillSigns extends DomainError {
  constructor(validUntil: string) {
    super(
      'conflict',
      'previous_secret_still_signing',
      `The secret replaced by the last roll still signs until ${validUntil}; rolling now stops it at once, and a server still checking with it refuses every notice from then on. Send {"forzar": true} to roll anyway`,
    );
  }
}

/** A roll asked for "if unchanged since" found the endpoint changed by someone else (or long ago): nothing rolled. */
export class WebhookEndpointChanged extends DomainError {
  constructor() {
    super('conflict', 'webhook_endpoint_changed', 'The webhook endpoint changed after the page was shown; the secret was not rolled');
  }
}
