// The worker's projector of provider references (reconciliation's lookup), started and stopped with the worker.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../../../payments/application/ports/event-store.port.js';
import { Projector } from '../../../payments/adapters/projections/projector.js';
import { providerReferencesProjection } from './provider-references.projection.js';

@Injectable()
export class ProviderReferencesProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly projector: Projector;

  constructor(dataSource: DataSource, @Inject(EVENT_STORE) store: EventStore) {
    this.projector = new Projector(dataSource, store, providerReferencesProjection);
  }

  onApplicationBootstrap(): void {
    this.projector.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.projector.stop();
  }
}
