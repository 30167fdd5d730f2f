// GET /health on the public listener (and, for ROLE=worker, on ADMIN_PORT): 200 while the database answers (and the
// worker's projector runs), 503 otherwise. For load balancers, orchestrators and the compose healthcheck; it says
// nothing else (no versions, no names).
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { DATABASE_RETRY_AFTER_SECONDS } from '../database-outage.js';
import { errorBody } from './error.filter.js';

/** `running`: what else must hold for the process to be of use (the worker's projector); without it, the database. */
export function registerHealth(fastify: FastifyInstance, dataSource: DataSource, running?: () => boolean): void {
  fastify.get('/health', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (running && !running()) return reply.status(503).send(errorBody(503, 'The projector is not running', 'unavailable'));
    try {
      await dataSource.query('SELECT 1');
      return { estado: 'ok' };
    } catch {
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(503, 'The database does not answer', 'unavailable'));
    }
  });
}
