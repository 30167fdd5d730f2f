// The plain pages a browser gets where a route never ran (a path that names nothing, a method it does not take): the
// buyer's and the portal's pages answer in HTML, everything else in the API's JSON shapes. The sandbox's buyer pages
// answer their own failures with them too (SandboxPageErrorFilter).
import type { FastifyReply } from 'fastify';

export const NOT_FOUND_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Página no encontrada</title><h1>Esta página no existe</h1><p>Revisa el enlace que recibiste.</p></html>';
export const METHOD_NOT_ALLOWED_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Acción no permitida</title><h1>Esta página no admite esa acción</h1><p>Vuelve al enlace que recibiste.</p></html>';
export const UNREADABLE_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Datos no válidos</title><h1>No pudimos leer los datos enviados</h1><p>Vuelve al enlace que recibiste e inténtalo de nuevo.</p></html>';
export const ERROR_PAGE =
  '<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Error</title><h1>Algo salió mal</h1><p>Intenta de nuevo en unos minutos.</p></html>';

/** The pages people open in a browser. A 405 elsewhere is JSON: besides the APIs, /health and /docs/openapi.json are. */
export const PAGES = /^\/(checkout|portal|pse|tarjeta|red-efectivo)(\/|$|\?)/;
export const sendPage = (reply: FastifyReply, status: number, page: string): FastifyReply =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
