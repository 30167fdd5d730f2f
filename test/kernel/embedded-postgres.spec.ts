import pg from 'pg';
import { createTestDatabase } from '../support/database.js';

describe('the test PostgreSQL', () => {
  it('is a real server that answers queries', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const result = await client.query<{ version: string }>('SELECT version()');
    await client.end();
    await db.drop();
    expect(result.rows[0]?.version).toMatch(/^PostgreSQL 1\d/);
  });
});
