// No answer of ours is for a cache unless its route says so: the APIs' bodies carry secrets shown once (a webhook
// signing secret, invitation and password reset links, API keys on the operator's) and personal data (people's
// emails, charges), which neither a shared cache nor a browser's may keep. The pages already send no-store and the
// assets their public caching; this fills only what a route left unset. And no answer is sniffed into another type.
import type { FastifyInstance } from 'fastify';

export function registerPrivateAnswers(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('x-content-type-options')) void reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
}
