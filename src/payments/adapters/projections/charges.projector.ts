// The worker's charges projector: started with the application, stopped before the data source closes.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port.js';
import { chargesProjection } from './charges.projection.js';
import { Projector } from './projector.js';

@Injectable()
export class ChargesProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly projector: Projector;

  constructor(dataSource: DataSource, @Inject(EVENT_STORE) store: EventStore) {
    this.projector = new Projector(dataSource, store, chargesProjection);
  }

  onApplicationBootstrap(): void {
    this.projector.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.projector.stop();
  }
}
