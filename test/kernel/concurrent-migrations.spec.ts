// Two processes (ROLE=api and ROLE=worker) started at the same moment on one empty database: both open it, and every
// migration runs once. Before the advisory lock one of them failed on a duplicate type or table (e.g. in
// Settlement1764000000700: "duplicate key value violates unique constraint pg_type_typname_nsp_index").
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../src/kernel/database.js';
import { MIGRATIONS } from '../../src/migrations/index.js';
import { ENTITIES } from '../../src/entities.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startTestGatewayOn, type TestGateway } from '../support/gateway.js';

const migrationRuns = (dataSource: DataSource): Promise<Array<{ name: string; runs: number }>> =>
  dataSource.query('SELECT name, count(*)::int AS runs FROM schema_migrations GROUP BY name ORDER BY min("timestamp")');

const eachOnce = MIGRATIONS.map((migration) => ({ name: migration.name, runs: 1 }));

/** Both settled; the reasons of those that failed, as text, so a failure names its error. */
async function settle<T>(starts: Array<Promise<T>>): Promise<{ opened: T[]; failures: string[] }> {
  const results = await Promise.allSettled(starts);
  return {
    opened: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    failures: results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
  };
}

describe('two starts on one empty database at once', () => {
  const databases: TestDatabase[] = [];
  const closing: Array<() => Promise<void>> = [];

  afterAll(async () => {
    await Promise.all(closing.map((close) => close()));
    await Promise.all(databases.map((db) => db.drop()));
  });

  const emptyDatabase = async (): Promise<TestDatabase> => {
    const db = await createTestDatabase();
    databases.push(db);
    return db;
  };

  it('both open the database, and each migration runs once', async () => {
    const db = await emptyDatabase();
    const open = () => openDatabase({ url: db.url, migrations: MIGRATIONS, entities: ENTITIES, poolSize: 4 });
    const { opened, failures } = await settle([open(), open()]);
    closing.push(...opened.map((dataSource) => () => dataSource.destroy()));
    expect(failures).toEqual([]);
    expect(await migrationRuns(opened[0]!)).toEqual(eachOnce);

    // A later start finds nothing to do.
    const again = await openDatabase({ url: db.url, migrations: MIGRATIONS, entities: ENTITIES, poolSize: 1 });
    closing.push(() => again.destroy());
    expect(await migrationRuns(again)).toEqual(eachOnce);
  });

  it('starts an api and a worker gateway side by side', async () => {
    const db = await emptyDatabase();
    const { opened, failures } = await settle<TestGateway>([
      startTestGatewayOn(db.url, { role: 'api' }),
      startTestGatewayOn(db.url, { role: 'worker' }),
    ]);
    closing.push(...opened.map((gateway) => () => gateway.close()));
    expect(failures).toEqual([]);
    expect(await migrationRuns(opened[0]!.infra.dataSource)).toEqual(eachOnce);
  });
});
