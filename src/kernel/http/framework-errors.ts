// What Fastify and Node answer before any route runs (an unreadable URL, a method the path does not take, oversized
// headers, a request that never finishes arriving), in the same error shapes as every other answer (DESIGN.md 5.1).
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, validationBody, type ErrorBody } from './error.filter.js';
import { JSON_API } from './json-body.hooks.js';
import { METHOD_NOT_ALLOWED_PAGE, NOT_FOUND_PAGE, PAGES, sendPage } from './plain-pages.js';

/** The methods our routes use; Fastify gives every GET route its HEAD. */
const ROUTED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A match on a catch-all route (`/portal/*`, or Fastify's own 404) says nothing about the path. */
const isCatchAll = (params: unknown): boolean => typeof params === 'object' && params !== null && '*' in params;

/**
 * Fastify's `frameworkErrors`: a path it cannot decode (`/v1/pagos/%C0%AF`) or with a segment past its length limit
 * names nothing, so it is a 404 like any malformed id (DESIGN.md 6b), without echoing the path: JSON on the APIs, a
 * page elsewhere (a buyer's or portal user's browser).
 */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (JSON_API.test(request.url)) {
    void reply.status(404).header('content-type', 'application/json; charset=utf-8').send(errorBody(404, 'Not found', 'not_found'));
    return;
  }
  void sendPage(reply, 404, NOT_FOUND_PAGE);
}

/**
 * The methods that have a route of their own at this URL. For an over-long parameter find-my-way answers a stand-in
 * (the 404 of `frameworkErrors`), told apart by having no `searchParams`.
 */
function methodsAt(fastify: FastifyInstance, url: string): string[] {
  return ROUTED.filter((method) => {
    const route = fastify.findRoute({ method, url });
    return route !== null && route.searchParams !== undefined && !isCatchAll(route.params);
  });
}

/**
 * A path that exists under other methods answers 405 with `Allow` (RFC 9110 15.5.6), and OPTIONS answers 204 with it
 * (docs/decisions.md). Decided where Fastify found no route, or only a catch-all: before any guard, as a 404 is.
 */
export function registerMethodNotAllowed(fastify: FastifyInstance): void {
  // A callback hook rather than an async one: it sees every request, and there it should cost no promise.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Node reads a socket's peer address when first asked and keeps it, but cannot read it once the socket is gone: a
    // portal post the browser aborted (the first of a double click) would have no `request.ip` by the time it opens a
    // session (a NOT NULL column: a 500). Asked here, while the connection is surely open, it is kept for later.
    if (request.url.startsWith('/portal')) void request.socket.remoteAddress;
    if (!request.is404 && !isCatchAll(request.params)) return done();
    const methods = methodsAt(fastify, request.url);
    if (methods.length === 0) return done();
    void reply.header('allow', [...methods, 'OPTIONS'].join(', '));
    if (request.method === 'OPTIONS') return void reply.status(204).send();
    if (PAGES.test(request.url)) return void sendPage(reply, 405, METHOD_NOT_ALLOWED_PAGE);
    void reply
      .status(405)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(405, 'Method not allowed: the Allow header lists the ones this path takes', 'method_not_allowed'));
  });
}

/** Node's `clientError`, through Fastify's `clientErrorHandler`: written on the socket, as Fastify's own does. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let body: ErrorBody;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') body = errorBody(408, 'The request took too long to arrive', 'request_timeout');
  else if (error.code === 'HPE_HEADER_OVERFLOW') body = errorBody(431, 'The request headers are larger than allowed', 'headers_too_large');
  else body = validationBody({}, ['The request is not readable HTTP']);
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
