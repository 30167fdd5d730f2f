// The OpenAPI description is generated from the code, valid, version 1.0.0, and says what the service really does.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import { http, startTestGateway, type TestGateway } from '../support/gateway.js';
import { onboardMerchant } from '../support/merchants.js';

describe('GET /docs/openapi.json', () => {
  let gw: TestGateway;
  let doc: any;

  beforeAll(async () => {
    gw = await startTestGateway();
    const answer = await http('GET', `${gw.publicUrl}/docs/openapi.json`);
    expect(answer.status).toBe(200);
    doc = answer.body;
  });
  afterAll(() => gw.close());

  it('is a valid OpenAPI 3 document, version 1.0.0', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.0.0');
  });

  it('describes every route the public listener serves under /v1, and only those', () => {
    const served = gw.routes.public
      .filter((route) => route.url.startsWith('/v1/'))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}')}`);
    const described = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(15);
    expect([...new Set(served)].sort()).toEqual(described.sort());
  });

  it('lists the merchant endpoints and none of the operator API', () => {
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(['/v1/pagos', '/v1/pagos/{id}', '/v1/merchants/me', '/v1/merchants/me/registro-web', '/v1/merchants/me/cambios']));
    expect(paths.filter((p) => p.startsWith('/internal') || p.startsWith('/api') || p.startsWith('/control'))).toEqual([]);
  });

  it('describes rolling the webhook signing secret: 201 with the new secret and the old one\'s end, 403, 404', () => {
    const roll = doc.paths['/v1/webhook-endpoint/secreto'].post;
    expect(Object.keys(roll.responses)).toEqual(expect.arrayContaining(['201', '403', '404']));
    expect(roll.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.components.schemas.RolledSigningSecretResponse.properties).sort()).toEqual(['anteriorValidoHasta', 'secret']);
    expect(doc.components.schemas.WebhookEndpointResponse.properties.secretoAnteriorValidoHasta).toMatchObject({ nullable: true });
  });

  it('describes the settings history: a page of changes with who made them, for any key', () => {
    const get = doc.paths['/v1/merchants/me/cambios'].get;
    expect(get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['cursor', 'limit']);
    expect(get.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(get.responses)).not.toContain('403');
    const change = doc.components.schemas.SettingsChangeResponse;
    expect(Object.keys(change.properties).sort()).toEqual(['actor', 'cambiadoEn', 'detalle', 'resumen', 'tipo']);
    expect(change.properties.tipo.enum).toEqual(['registro_web', 'webhook', 'persona', 'checkout_propio']);
  });

  it('says the referencia filter of GET /v1/pagos is an exact, case-sensitive match', () => {
    const referencia = doc.paths['/v1/pagos'].get.parameters.find((p: { name: string }) => p.name === 'referencia');
    expect(referencia.description).toMatch(/exactly/);
    expect(referencia.description).toMatch(/case-sensitive/);
    expect(referencia.description).toMatch(/no prefix or partial match/);
  });

  it('describes the charge request with monto, and montoMinor marked deprecated', () => {
    const schemas = doc.components.schemas;
    const request = schemas.CreateChargeBody;
    expect(request.properties.monto.type).toBe('integer');
    expect(request.properties.montoMinor.deprecated).toBe(true);
    expect(request.properties.moneda.enum).toEqual(['COP', 'USD']);
    expect(request.properties.referencia).toMatchObject({ minLength: 1, maxLength: 120 });
    expect(request.properties.descripcion.maxLength).toBe(255);
    expect(request.properties.urlRetorno.maxLength).toBe(2048);
  });

  it('types the charge request as the service reads it: descripcion and urlRetorno strings, monto or montoMinor required', () => {
    const request = doc.components.schemas.CreateChargeBody;
    expect(request.properties.descripcion).toMatchObject({ type: 'string', nullable: true });
    expect(request.properties.urlRetorno).toMatchObject({ type: 'string', format: 'uri', nullable: true });
    expect(request.required.sort()).toEqual(['merchantId', 'moneda', 'referencia']);
    expect(request.anyOf).toEqual([{ required: ['monto'] }, { required: ['montoMinor'] }]);
  });

  it('gives every error of every merchant route a body schema, and 400/413/415 wherever a body is read', () => {
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) => Object.entries(item as Record<string, any>).map(([method, op]) => ({ name: `${method} ${path}`, op })));
    expect(operations.length).toBeGreaterThan(15);
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema?.$ref;
        expect([name, status, schema]).toEqual([name, status, status === '400' ? '#/components/schemas/ValidationErrorResponse' : '#/components/schemas/ErrorResponse']);
      }
      if (op.requestBody) expect([name, Object.keys(op.responses)]).toEqual([name, expect.arrayContaining(['400', '413', '415'])]);
    }
  });

  it('names the headers a client acts on: Retry-After on 503 and 429, Idempotent-Replayed and Deprecation on the 201', () => {
    const create = doc.paths['/v1/pagos'].post.responses;
    expect(Object.keys(create['503'].headers)).toContain('Retry-After');
    expect(Object.keys(create['429'].headers)).toContain('Retry-After');
    expect(Object.keys(create['201'].headers).sort()).toEqual(['Deprecation', 'Idempotent-Replayed', 'Link', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(Object.keys(doc.paths['/v1/pagos'].get.responses)).toContain('400');
    // The 401's WWW-Authenticate (DESIGN.md 5.7) and the 429's RateLimit headers (5.9), on every merchant operation.
    for (const item of Object.values(doc.paths) as any[]) {
      for (const operation of Object.values(item) as any[]) {
        expect(operation.responses['401'].headers['WWW-Authenticate']).toMatchObject({ required: true, schema: { enum: ['Bearer'] } });
        expect(Object.keys(operation.responses['429'].headers).sort()).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);
        // Every answer to a request whose key was read carries them, not only the 429 (a client paces itself by them).
        for (const [status, response] of Object.entries(operation.responses) as Array<[string, any]>) {
          if (status === '401') continue;
          expect([status, Object.keys(response.headers ?? {})]).toEqual([status, expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'])]);
        }
      }
    }
    expect(doc.components.securitySchemes.bearer.bearerFormat).not.toBe('JWT');
  });

  it('describes each answer once: no status of an operation documented by two decorators (Nest joins them with a blank line)', () => {
    const twice = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
      Object.entries(item).flatMap(([method, operation]: [string, any]) =>
        Object.entries(operation.responses).filter(([, r]: [string, any]) => /\n\n/.test(r.description ?? '')).map(([status]) => `${method} ${path} ${status}`),
      ),
    );
    expect(twice).toEqual([]);
  });

  it('types every {id} of a merchant route as the spec does: string, uuid', () => {
    const ids = Object.entries(doc.paths).flatMap(([path, item]: [string, any]) =>
      Object.entries(item).flatMap(([method, operation]: [string, any]) =>
        (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => [`${method} ${path}`, p.name, p.schema]),
      ),
    );
    expect(ids.map(([operation]) => operation)).toEqual(expect.arrayContaining(['get /v1/pagos/{id}', 'get /v1/pagos/{id}/liquidacion', 'delete /v1/personas/{id}']));
    for (const [operation, name, schema] of ids) expect([operation, name, schema]).toEqual([operation, 'id', { type: 'string', format: 'uuid' }]);
  });

  it('describes the Charge with exactly the spec fields, and the Idempotency-Key header as required', () => {
    const charge = doc.components.schemas.ChargeResponse;
    expect(Object.keys(charge.properties).sort()).toEqual(['checkoutUrl', 'creadoEn', 'estado', 'id', 'merchantId', 'moneda', 'monto', 'referencia']);
    expect(charge.properties.estado.enum).toEqual(['creado', 'pendiente', 'aprobado', 'fallido', 'conciliado', 'reembolsado']);
    const post = doc.paths['/v1/pagos'].post;
    expect(post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]));
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '503']));
    expect(post.security).toEqual([{ bearer: [] }]);
  });

  it('names every 409 code POST /v1/pagos answers, own checkout\'s included', () => {
    const conflict = doc.paths['/v1/pagos'].post.responses['409'].description;
    for (const code of ['idempotency_key_reused', 'web_registration_missing', 'merchant_not_approved', 'own_checkout_not_enabled']) {
      expect([code, conflict.includes(code)]).toEqual([code, true]);
    }
  });

  it('says the longest range GET /v1/pagos/stats takes, the one the service refuses past', async () => {
    const shop = await onboardMerchant(gw);
    const over = await http('GET', `${gw.publicUrl}/v1/pagos/stats?desde=2024-01-01&hasta=2026-01-01`, { token: shop.apiKey });
    expect(over.status).toBe(400);
    const days = /at most (\d+) days/.exec(over.body.message.fieldErrors.hasta[0])![1];
    const hasta = doc.paths['/v1/pagos/stats'].get.parameters.find((p: { name: string }) => p.name === 'hasta');
    expect(hasta.description).toContain(`at most ${days} days`);
  });

  it('describes the Idempotency-Key the service takes: the keys it refuses with 400 are the ones the schema refuses', async () => {
    const header = doc.paths['/v1/pagos'].post.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
    const documented = new Ajv().compile(header.schema);
    const shop = await onboardMerchant(gw);
    const body = { merchantId: shop.merchantId, monto: 1000, moneda: 'COP', referencia: 'PED-1' };
    for (const key of ['k', 'pedido 1001 / linea ~!', 'a'.repeat(255), 'a'.repeat(256)]) {
      const answer = await http('POST', `${gw.publicUrl}/v1/pagos`, { token: shop.apiKey, body, headers: { 'idempotency-key': key } });
      expect([key.length, answer.status === 400]).toEqual([key.length, !documented(key)]);
    }
  });

  it('serves a human page at /docs', async () => {
    const answer = await http('GET', `${gw.publicUrl}/docs`);
    expect(answer.status).toBe(200);
    expect(answer.text).toMatch(/swagger-ui/i);
  });
});
