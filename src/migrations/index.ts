// Every schema change, in order. Each context adds its migration class here; they run at start.
import { EventStore1764000000000 } from './1764000000000-event-store.js';
import { ChargesReadModel1764000000100 } from './1764000000100-charges-read-model.js';
import { Merchants1764000000200 } from './1764000000200-merchants.js';
import { SandboxProvider1764000000300 } from './1764000000300-sandbox-provider.js';
import { IdempotencyKeys1764000000400 } from './1764000000400-idempotency-keys.js';
import { People1764000000800 } from './1764000000800-people.js';

export const MIGRATIONS = [EventStore1764000000000, ChargesReadModel1764000000100, Merchants1764000000200, SandboxProvider1764000000300, IdempotencyKeys1764000000400, People1764000000800];
