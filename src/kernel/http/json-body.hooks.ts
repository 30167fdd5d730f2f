// The JSON APIs take JSON bodies only (DESIGN.md 5.2): another Content-Type on a body is 415, a body that is not
// JSON a 400. On the merchant and operator APIs (/v1, /internal) those answers wait for the route's guard, so they
// come in DESIGN.md 5.3's order: a stranger meets 401 and a `lectura` key 403 whatever body it sent. A body over
// 100 kB is the exception: it is refused (413) while it is read, before the key is looked at.
// Pages with HTML forms live under other paths.
import { isUtf8 } from 'node:buffer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, FieldError } from '../errors.js';
import { errorBody } from './error.filter.js';

/** The JSON APIs: the merchant's, the operator's and the sandbox provider's. */
export const JSON_API = /^\/(v1|internal|api|control)(\/|$|\?)/;
/** Where a guard runs on every route and calls `refuseUnreadableBody` once it has let the caller in. */
const GUARDED_API = /^\/(v1|internal)(\/|$|\?)/;
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NOT_JSON = 'The request body is not valid JSON';
const NOT_UTF8 = 'The request body is not valid UTF-8: send JSON encoded in UTF-8';
const WRONG_TYPE = 'Content-Type must be application/json';

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const isJson = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType);

const isJsonText = (body: Buffer): boolean => {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false;
  }
};

type Done = (error: Error | null, body?: unknown) => void;

const UNREADABLE = Symbol('unreadable body');
type Unreadable = { status: 400 | 415; message: string };
type Marked = FastifyRequest & { [UNREADABLE]?: Unreadable };

function mark(request: FastifyRequest, unreadable: Unreadable): void {
  (request as Marked)[UNREADABLE] ??= unreadable;
}

/** Called by the guards of /v1 and /internal after the caller is let in: the body's 415 or 400, if it had one. */
export function refuseUnreadableBody(request: FastifyRequest): void {
  const unreadable = (request as Marked)[UNREADABLE];
  if (!unreadable) return;
  if (unreadable.status === 415) throw new DomainError('unsupported_media_type', 'unsupported_media_type', unreadable.message);
  throw new FieldError({}, [unreadable.message]);
}

export function registerJsonBodyHooks(app: NestFastifyApplication, bodyLimit: number): void {
  const fastify = app.getHttpAdapter().getInstance();

  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WITH_BODY.has(request.method) || !JSON_API.test(request.url) || !hasBody(request)) return;
    if (isJson(request.headers['content-type'])) return;
    if (GUARDED_API.test(request.url)) return mark(request, { status: 415, message: WRONG_TYPE });
    return reply
      .status(415)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(415, WRONG_TYPE, 'unsupported_media_type'));
  });

  // JSON, including the `+json` types (application/vnd.api+json), with Fastify's own parser (which refuses
  // `__proto__` and `constructor.prototype` keys). An empty body is no body: a bodiless POST may say it is JSON.
  const fastifyJson = fastify.getDefaultJsonParser('error', 'error');
  // Typed for a string; it takes the Buffer Nest reads (secure-json-parse decodes it).
  const strict = (request: FastifyRequest, body: Buffer, done: Done): void => void fastifyJson(request, body as unknown as string, done);
  const parseJson = (request: FastifyRequest, body: Buffer, done: Done): void => {
    if (!GUARDED_API.test(request.url)) return strict(request, body, done);
    if (body.length === 0) return done(null, undefined);
    // JSON is UTF-8 (RFC 8259). Decoded as it came, an older system's Latin-1 would lose every accented letter to
    // U+FFFD and be stored so (decisions.md, "Order of answers on merchant routes").
    if (!isUtf8(body)) {
      mark(request, { status: 400, message: NOT_UTF8 });
      return done(null, undefined);
    }
    strict(request, body, (error, parsed) => {
      if (!error) return done(null, parsed);
      // Fastify says "not valid JSON" for both; tell the forbidden keys apart, they are valid JSON.
      const poisoned = /"(__proto__|constructor)"/.test(body.toString('utf8')) && isJsonText(body);
      const message = poisoned ? 'The request body may not have a __proto__ or constructor.prototype key' : NOT_JSON;
      mark(request, { status: 400, message });
      done(null, undefined);
    });
  };
  app.useBodyParser('application/json', { bodyLimit }, parseJson);
  app.useBodyParser(/^application\/[\w.-]+\+json\s*(;|$)/i, { bodyLimit }, parseJson);

  // Any other Content-Type: read (within the limit) and left for the guard's 415 on the APIs (marked above);
  // elsewhere refused as Fastify refuses a type it has no parser for.
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (request: FastifyRequest, _body: Buffer, done: Done) => {
    if (GUARDED_API.test(request.url)) return done(null, undefined);
    done(Object.assign(new Error(WRONG_TYPE), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }));
  });
}
