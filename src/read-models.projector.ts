// The worker's projector: one reader of the global log for every read model the worker keeps, started with the
// application and stopped before the data source closes.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { voucherDeadlinesProjection } from './payments/adapters/cash-vouchers/voucher-deadlines.projection.js';
import { chargesProjection } from './payments/adapters/projections/charges.projection.js';
import { Projector } from './payments/adapters/projections/projector.js';
import { EVENT_STORE, type EventStore } from './payments/application/ports/event-store.port.js';
import { providerReferencesProjection } from './settlement/adapters/projections/provider-references.projection.js';

@Injectable()
export class ReadModelsProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly projector: Projector;

  constructor(dataSource: DataSource, @Inject(EVENT_STORE) store: EventStore) {
    // One transaction per batch for all three: a batch that fails in one of them is retried for all (nothing moved).
    this.projector = new Projector(dataSource, store, [chargesProjection, voucherDeadlinesProjection, providerReferencesProjection]);
  }

  onApplicationBootstrap(): void {
    this.projector.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.projector.stop();
  }
}
