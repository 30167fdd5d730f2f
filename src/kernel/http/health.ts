// GET /health on the public listener: 200 while the database answers, 503 otherwise. For load balancers and the
// compose healthcheck; it says nothing else (no versions, no names).
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS } from '../database-outage.js';
import { errorBody } from './error.filter.js';

export function registerHealth(fastify: FastifyInstance, dataSource: DataSource): void {
  fastify.get('/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await dataSource.query('SELECT 1');
      return { estado: 'ok' };
    } catch {
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(503, 'The database does not answer', 'unavailable'));
    }
  });
}
