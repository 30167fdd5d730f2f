// The webhooks context: merchants' endpoints, the outbox of deliveries, the dispatcher. The adapters are chosen here;
// the listeners take the part they serve (public API, operator API, worker); the portal imports the routeless parts.
import { Module, type Provider } from '@nestjs/common';
import type { Config } from '../kernel/config.js';
import { CONFIG } from '../kernel/infrastructure.module.js';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { AesGcmSecretBox } from './adapters/crypto/aes-gcm.secret-box.js';
import { HttpWebhookSender } from './adapters/delivery/http.webhook-sender.js';
import { OperatorDeliveriesController } from './adapters/http/operator-deliveries.controller.js';
import { OperatorResealController } from './adapters/http/operator-reseal.controller.js';
import { OperatorSigningSecretController } from './adapters/http/operator-signing-secret.controller.js';
import { WebhookEndpointController } from './adapters/http/webhook-endpoint.controller.js';
import { PostgresDeliveryLog } from './adapters/persistence/postgres.delivery-log.js';
import { PostgresDeliveryQueue } from './adapters/persistence/postgres.delivery-queue.js';
import { PostgresWebhookEndpoints } from './adapters/persistence/postgres.webhook-endpoints.js';
import { WebhookDispatcher } from './adapters/webhook-dispatcher.service.js';
import { GetWebhookEndpointHandler } from './application/get-endpoint/get-endpoint.handler.js';
import { ListDeliveriesHandler } from './application/list-deliveries/list-deliveries.handler.js';
import { DELIVERY_LOG } from './application/ports/delivery-log.port.js';
import { DELIVERY_QUEUE } from './application/ports/delivery-queue.port.js';
import { SECRET_BOX } from './application/ports/secret-box.port.js';
import { WEBHOOK_ENDPOINTS } from './application/ports/webhook-endpoints.port.js';
import { WEBHOOK_SENDER } from './application/ports/webhook-sender.port.js';
import { RegisterWebhookEndpointHandler } from './application/register-endpoint/register-endpoint.handler.js';
import { ResealSigningSecretsHandler } from './application/reseal-signing-secrets/reseal-signing-secrets.handler.js';
import { RollSigningSecretHandler } from './application/roll-signing-secret/roll-signing-secret.handler.js';
import { ResendDeliveryHandler } from './application/resend-delivery/resend-delivery.handler.js';
import { UpdateWebhookEndpointHandler } from './application/update-endpoint/update-endpoint.handler.js';

const secretBox: Provider = {
  provide: SECRET_BOX,
  useFactory: (config: Config) => new AesGcmSecretBox(config.webhookSecretKey, config.webhookSecretKeyPrevious),
  inject: [CONFIG],
};

const sender: Provider = {
  provide: WEBHOOK_SENDER,
  useFactory: (config: Config) => new HttpWebhookSender({ allowLoopback: config.webhookAllowLoopback }, config.webhookTimeoutMs),
  inject: [CONFIG],
};

/** The endpoint's commands and queries, with no routes: the merchant API, the portal and the operator share them. */
@Module({
  providers: [
    RegisterWebhookEndpointHandler,
    GetWebhookEndpointHandler,
    UpdateWebhookEndpointHandler,
    RollSigningSecretHandler,
    ResealSigningSecretsHandler,
    { provide: WEBHOOK_ENDPOINTS, useClass: PostgresWebhookEndpoints },
    secretBox,
  ],
})
export class WebhookEndpointsModule {}

/** Deliveries with their attempts, and re-sending one, with no routes: the operator API and the portal share them.
 * Listing asks the merchants context (GetMerchant) over the bus. */
@Module({
  imports: [MerchantsModule],
  providers: [ListDeliveriesHandler, ResendDeliveryHandler, { provide: DELIVERY_LOG, useClass: PostgresDeliveryLog }],
})
export class WebhookDeliveriesModule {}

/** The merchant API's part: /v1/webhook-endpoint. */
@Module({
  imports: [MerchantsModule, WebhookEndpointsModule],
  controllers: [WebhookEndpointController],
})
export class WebhooksHttpModule {}

/** The operator API's part: deliveries with their attempts, re-sending one, rolling a signing secret, and re-sealing
 * every secret after a WEBHOOK_SECRET_KEY rotation. */
@Module({
  imports: [WebhookDeliveriesModule, WebhookEndpointsModule],
  controllers: [OperatorDeliveriesController, OperatorSigningSecretController, OperatorResealController],
})
export class WebhooksOperatorModule {}

/** The worker's part: the dispatcher. */
@Module({
  providers: [WebhookDispatcher, { provide: DELIVERY_QUEUE, useClass: PostgresDeliveryQueue }, sender, secretBox],
  exports: [WebhookDispatcher],
})
export class WebhooksWorkerModule {}
