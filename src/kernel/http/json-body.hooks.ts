// The JSON APIs (/v1, /internal) take JSON bodies only: another Content-Type on a body is 415 (DESIGN.md 5.2).
// Pages with HTML forms live under other paths.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error.filter.js';

const JSON_API = /^\/(v1|internal|api|control)(\/|$|\?)/;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const isJson = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType);

export function registerJsonBodyHooks(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WITH_BODY.has(request.method) || !JSON_API.test(request.url) || !hasBody(request)) return;
    if (isJson(request.headers['content-type'])) return;
    return reply
      .status(415)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(415, 'Content-Type must be application/json', 'unsupported_media_type'));
  });
}
