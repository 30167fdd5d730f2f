// The TypeORM data source: one pool for the process, schema by migrations run at start (never synchronize).
import { DataSource, type MixedList, type EntitySchema } from 'typeorm';

export interface DatabaseOptions {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: false,
    extra: {
      max: options.poolSize ?? 20,
      // Keep transactions short: an open one holds the projector back at its xmin (DESIGN.md section 2).
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'pasarela',
      // Hot statements are named prepared statements (kernel/prepared.ts): parsed once per connection, but planned at
      // every run. A plan kept from when a table was small (PostgreSQL's generic plan) scans it whole once it is big.
      options: '-c plan_cache_mode=force_custom_plan',
    },
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
