// What Fastify and Node answer before any route runs (an unreadable URL, oversized headers, a request that never
// finishes arriving), in the same error shapes as every other answer (DESIGN.md 5.1).
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, validationBody, type ErrorBody } from './error.filter.js';
import { JSON_API } from './json-body.hooks.js';

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Página no encontrada</title><h1>Esta página no existe</h1><p>Revisa el enlace que recibiste.</p></html>';

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
  void reply.status(404).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);
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
