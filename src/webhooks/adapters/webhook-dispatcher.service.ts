// The worker's webhook dispatcher: started with the application, stopped (in-flight POSTs cut short, their claims
// given back) before the data source closes.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, type Clock } from '../../kernel/clock.js';
import type { Config } from '../../kernel/config.js';
import { CONFIG } from '../../kernel/infrastructure.module.js';
import { Dispatcher } from '../application/dispatch/dispatcher.js';
import { DELIVERY_QUEUE, type DeliveryQueue } from '../application/ports/delivery-queue.port.js';
import { SECRET_BOX, type SecretBox } from '../application/ports/secret-box.port.js';
import { WEBHOOK_SENDER, type WebhookSender } from '../application/ports/webhook-sender.port.js';

@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly dispatcher: Dispatcher;

  constructor(
    @Inject(DELIVERY_QUEUE) queue: DeliveryQueue,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @Inject(SECRET_BOX) secrets: SecretBox,
    @Inject(CLOCK) clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.dispatcher = new Dispatcher(queue, sender, secrets, clock, {
      retryDelays: config.webhookRetryDelays,
      timeoutMs: config.webhookTimeoutMs,
      logger: new Logger('WebhookDispatcher'),
    });
  }

  onApplicationBootstrap(): void {
    this.dispatcher.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.stop();
    this.sender.close();
  }
}
