// The process-wide parts (config, database, event store, clock, merchant cache), built once in gateway.ts and shared by every
// HTTP application of the process (public API, operator API, sandbox provider).
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from './clock.js';
import type { Config } from './config.js';
import { EVENT_STORE, type EventStore } from '../payments/application/ports/event-store.port.js';
import { MERCHANT_CACHE, type MerchantCache } from '../merchants/adapters/cache/merchant-cache.js';

export const CONFIG = Symbol('Config');

export interface Infrastructure {
  config: Config;
  dataSource: DataSource;
  eventStore: EventStore;
  clock: Clock;
  merchantCache: MerchantCache;
}

@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(infra: Infrastructure): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: CONFIG, useValue: infra.config },
        { provide: DataSource, useValue: infra.dataSource },
        { provide: EVENT_STORE, useValue: infra.eventStore },
        { provide: CLOCK, useValue: infra.clock },
        { provide: MERCHANT_CACHE, useValue: infra.merchantCache },
      ],
      exports: [CONFIG, DataSource, EVENT_STORE, CLOCK, MERCHANT_CACHE],
    };
  }
}
