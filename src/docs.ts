// The OpenAPI 3 description, generated from the controllers and DTOs: /docs/openapi.json, and a page at /docs.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { ErrorResponse, ValidationErrorResponse } from './merchants/adapters/http/error.response.js';

export const API_VERSION = '1.0.0';

/** What the document says from the configuration: where the API is, and the largest amount (MAX_MONTO). */
export interface DocsSettings {
  publicBaseUrl: string;
  maxMonto: number;
}

export function setupDocs(app: NestFastifyApplication, { publicBaseUrl, maxMonto }: DocsSettings): void {
  const config = new DocumentBuilder()
    .setTitle('Pasarela: merchant payment gateway API (Colombia)')
    .setDescription(
      'Create a charge, send the buyer to its checkoutUrl (PSE, card or cash), and receive a signed webhook. ' +
        'Amounts are whole pesos (COP has no cents). Authentication: `Authorization: Bearer svcpk_...`.',
    )
    .setVersion(API_VERSION)
    .addServer(publicBaseUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'svcpk_ key (opaque)', description: 'Merchant API key (svcpk_...)' })
    .build();
  const document = completed(SwaggerModule.createDocument(app, config, { extraModels: [ErrorResponse, ValidationErrorResponse] }), maxMonto);
  guardDocsPages(app, publicBaseUrl);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json', yamlDocumentUrl: 'docs/openapi.yaml' });
}

/**
 * The docs page is where a merchant may paste a key ("Authorize") and try the API, so it gets page headers too: no
 * framing by another site (clickjacking the key or a "Try it out"), no sniffing, no referrer, HSTS on https, and a
 * CSP that lets Swagger UI run from our own files only (its inline styles are the one allowance). Set on the /docs
 * routes alone, as they are added, so no other request pays for a hook.
 */
function guardDocsPages(app: NestFastifyApplication, publicBaseUrl: string): void {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${new URL(publicBaseUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const https = publicBaseUrl.startsWith('https://');
  const headers: onSendHookHandler = (_request: FastifyRequest, reply: FastifyReply, payload, done) => {
    void reply
      .header('content-security-policy', csp)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    if (https) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  };
  app.getHttpAdapter().getInstance().addHook('onRoute', (route) => {
    if (route.url !== '/docs' && !route.url.startsWith('/docs/')) return;
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), headers];
  });
}

type Operation = {
  requestBody?: unknown;
  parameters?: Array<{ in: string; name?: string; schema?: Record<string, unknown> }>;
  responses: Record<string, Response>;
};
type Response = { description?: string; content?: unknown; headers?: Record<string, unknown> };

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const json = (name: string): Record<string, unknown> => ({ 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } });
const header = (description: string, schema: Record<string, unknown> = { type: 'string' }): Record<string, unknown> => ({ description, schema });
// Required: the spec's 503 "carries Retry-After", and the 429 of the rate limit sends it too.
const RETRY_AFTER = { ...header('Seconds to wait before retrying', { type: 'integer', minimum: 1 }), required: true };
// DESIGN.md 5.7: every 401 says the scheme; 5.9: the 429 says the key's bucket (decisions.md, "Rate limit").
const WWW_AUTHENTICATE = { ...header('The scheme to authenticate with', { type: 'string', enum: ['Bearer'] }), required: true };
const RATE_LIMIT = {
  'RateLimit-Limit': { ...header('Requests the key may burst (twice its rate per second)', { type: 'integer', minimum: 1 }), required: true },
  'RateLimit-Remaining': { ...header('Whole requests left in the bucket', { type: 'integer', minimum: 0 }), required: true },
  'RateLimit-Reset': { ...header('Seconds until the bucket is full again', { type: 'integer', minimum: 0 }), required: true },
};
// Every answer to a request whose key was read carries the bucket too (all but the 401), so a client paces itself.
const RATE_LIMIT_SENT = Object.fromEntries(Object.entries(RATE_LIMIT).map(([name, { required: _, ...described }]) => [name, described]));

/**
 * What the decorators cannot say route by route, said once for every merchant route: the answers every route can
 * give (the body's 400 in the spec's validation shape, 413 and 415 on every write, 503 while the database is out,
 * the error body of every other status), Retry-After where it is sent, the headers of POST /v1/pagos, that monto
 * or its old name is required and at most MAX_MONTO (configuration, so not a decorator's), that a PUT of the
 * webhook endpoint names url, activo or both, and that a request body takes no field it does not list (DESIGN.md
 * 5.2: each unknown field is a 400).
 */
function completed(document: OpenAPIObject, maxMonto: number): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const { responses } = operation;
      // Every {id} of a merchant route is a uuid (the spec: "Path: id, string uuid"); a malformed one is a 404.
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path' && parameter.name === 'id') parameter.schema = { ...parameter.schema, type: 'string', format: 'uuid' };
      }
      // Every write reads a body if one is sent, even where none is taken (DESIGN.md 5.2): 413, 415, 400.
      const write = operation.requestBody !== undefined || WRITES.has(method);
      const readsInput = write || (operation.parameters ?? []).some((p) => p.in === 'query');
      if (readsInput) responses['400'] ??= { description: 'A field or parameter is not valid' };
      if (write) {
        responses['413'] ??= { description: 'The body is larger than 100 kB (code payload_too_large)' };
        responses['415'] ??= { description: 'The body is not JSON (code unsupported_media_type)' };
      }
      // Every merchant route reads the database (its key, at least): while that does not answer, 503 (decisions.md).
      responses['503'] ??= { description: 'The gateway cannot reach its storage for a moment (code gateway_unavailable): retry after Retry-After' };
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) >= 400 && response.content === undefined) {
          response.content = json(status === '400' ? 'ValidationErrorResponse' : 'ErrorResponse');
        }
        if (status === '429' || status === '503') response.headers = { 'Retry-After': RETRY_AFTER, ...response.headers };
        if (status === '429') response.headers = { ...response.headers, ...RATE_LIMIT };
        else if (status !== '401') response.headers = { ...response.headers, ...RATE_LIMIT_SENT };
        if (status === '401') response.headers = { 'WWW-Authenticate': WWW_AUTHENTICATE, ...response.headers };
      }
    }
  }
  const create = (document.paths['/v1/pagos']?.post as Operation | undefined)?.responses['201'];
  if (create) {
    create.headers = {
      ...create.headers,
      'Idempotent-Replayed': header('true when the Idempotency-Key had made this charge already', { type: 'string', enum: ['true'] }),
      Deprecation: header('@1791072000 when the request used montoMinor (RFC 9745)'),
      Link: header('The docs, rel="deprecation", when the request used montoMinor'),
    };
  }
  const schemas = (document.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const body = schemas['CreateChargeBody'];
  if (body) {
    body['anyOf'] = [{ required: ['monto'] }, { required: ['montoMinor'] }];
    const amounts = body['properties'] as Record<string, Record<string, unknown>>;
    for (const name of ['monto', 'montoMinor']) if (amounts[name]) amounts[name]['maximum'] = maxMonto;
  }
  const update = schemas['UpdateWebhookEndpointBody'];
  if (update) update['minProperties'] = 1;
  for (const name of requestSchemas(document)) if (schemas[name]) schemas[name]['additionalProperties'] = false;
  return document;
}

/** The component schemas a /v1 request body is made of: each body's, and those its fields refer to (the pagador). */
function requestSchemas(document: OpenAPIObject): Set<string> {
  const names = new Set<string>();
  const schemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const name = ref.replace('#/components/schemas/', '');
      if (!names.has(name)) {
        names.add(name);
        visit(schemas[name]);
      }
      return;
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples') visit(value);
  };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const operation of Object.values(item as Record<string, Operation>)) visit(operation.requestBody);
  }
  return names;
}
