// Every TypeORM entity of the service, registered with the one data source.
import { MERCHANT_ENTITIES } from './merchants/adapters/persistence/merchant.entities.js';

export const ENTITIES = [...MERCHANT_ENTITIES];
