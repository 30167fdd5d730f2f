// What Fastify and Node answer before any route runs (an unreadable URL, oversized headers, a request that never
// finishes arriving), in the same error shapes as every other answer (DESIGN.md 5.1).
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, validationBody, type ErrorBody } from './error.filter.js';

/** Fastify's `frameworkErrors`: a URL it cannot decode (e.g. `/v1/pagos/%`) is the client's 400. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const body = error.code === 'FST_ERR_BAD_URL' ? validationBody({}, ['The URL is not valid: check its percent-encoding']) : validationBody({}, [error.message]);
  void reply.status(400).header('content-type', 'application/json; charset=utf-8').send(body);
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
