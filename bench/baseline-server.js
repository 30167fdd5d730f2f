// The bench's yardstick: plain Fastify doing one INSERT per request into the same PostgreSQL as the gateway.
import Fastify from 'fastify';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
await pool.query('CREATE TABLE IF NOT EXISTS bench_baseline (id bigserial PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
const app = Fastify({ logger: false });
app.post('/baseline', async (request, reply) => {
  const { rows } = await pool.query('INSERT INTO bench_baseline (body) VALUES ($1) RETURNING id', [JSON.stringify(request.body)]);
  return reply.status(201).send({ id: rows[0].id });
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
