// The limits the service applies to what a merchant sends are the ones /docs/openapi.json states: each value below is
// taken by both or refused by both (the service with a 400 naming the field). A rule the service enforces but the
// document does not state fails here: a client that validates against the document would send the value and meet a
// 400 it could not foresee (the conformance table only checks that its valid requests pass the schema).
import { randomUUID } from 'node:crypto';
import { http, startTestGateway, type HttpAnswer, type TestGateway } from '../support/gateway.js';
import { onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { OpenApiConformance, type OpenApiDocument } from './openapi-validator.js';

const MAX_MONTO = 2_500_000;
const SITE = 'https://tienda.example.co';

interface Probe {
  /** The field the value is for ('' for the body as a whole), named in fieldErrors (formErrors for the body) on a 400. */
  field: string;
  value: unknown;
  takes: boolean;
}

const probe = (field: string, value: unknown, takes: boolean): Probe => ({ field, value, takes });
const text = (length: number) => 'a'.repeat(length);
const returnUrl = (length: number) => `${SITE}/${text(length - SITE.length - 1)}`;

describe('every limit the service applies to a request is in /docs/openapi.json', () => {
  let gw: TestGateway;
  let oas: OpenApiConformance;
  let shop: OnboardedMerchant;
  let site: OnboardedMerchant;
  let hooked: OnboardedMerchant;
  /** A merchant with own checkout enabled: its charges take a pagador. */
  let own: OnboardedMerchant;

  beforeAll(async () => {
    gw = await startTestGateway({ maxMonto: MAX_MONTO });
    oas = new OpenApiConformance((await http<OpenApiDocument>('GET', `${gw.publicUrl}/docs/openapi.json`)).body);
    [shop, site, hooked, own] = await Promise.all([onboardMerchant(gw, { sitioWeb: SITE }), onboardMerchant(gw), onboardMerchant(gw), onboardMerchant(gw)]);
    const enabled = await http('PUT', `${gw.adminUrl}/internal/merchants/${own.merchantId}/checkout-propio`, { token: gw.operatorToken, body: { habilitado: true } });
    expect(enabled.status).toBe(200);
    const endpoint = await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: hooked.apiKey, body: { url: 'https://hooks.tienda.example.co/p' } });
    expect(endpoint.status).toBe(201);
  });
  afterAll(() => gw?.close());

  /** 'takes', 'refuses' (400 naming the field) or what else the service answered. */
  function verdict(answer: HttpAnswer, field: string): string {
    if (answer.status < 300) return 'takes';
    const named = field === '' ? answer.body?.message?.formErrors?.length > 0 : answer.body?.message?.fieldErrors?.[field] !== undefined;
    return answer.status === 400 && named ? 'refuses' : `answers ${answer.status} ${answer.text.slice(0, 200)}`;
  }

  const says = (takes: boolean) => (takes ? 'takes' : 'refuses');

  async function checkBodies(operation: string, token: () => string, body: (p: Probe) => Record<string, unknown>, probes: Probe[], headers: () => Record<string, string> = () => ({})) {
    const [method = '', path = ''] = operation.split(' ');
    const found: string[][] = [];
    for (const p of probes) {
      const sent = body(p);
      const answer = await http(method, `${gw.publicUrl}${path}`, { token: token(), body: sent, headers: headers() });
      const label = `${p.field || '(body)'} = ${JSON.stringify(p.value).slice(0, 40)}`;
      found.push([label, verdict(answer, p.field), says(oas.requestErrors(operation, sent).length === 0)]);
    }
    expect(found).toEqual(probes.map((p, i) => [found[i]![0], says(p.takes), says(p.takes)]));
  }

  async function checkQueries(operation: string, probes: Probe[]) {
    const path = operation.split(' ')[1]!;
    const found: string[][] = [];
    for (const p of probes) {
      const value = String(p.value);
      const answer = await http('GET', `${gw.publicUrl}${path}?${p.field}=${encodeURIComponent(value)}`, { token: shop.apiKey });
      found.push([`${p.field}=${value.slice(0, 40)}`, verdict(answer, p.field), says(oas.parameterErrors(operation, p.field, value).length === 0)]);
    }
    expect(found).toEqual(probes.map((p, i) => [found[i]![0], says(p.takes), says(p.takes)]));
  }

  it('POST /v1/pagos: the amount up to MAX_MONTO, the lengths, https on urlRetorno', async () => {
    const charge = (p: Probe) => {
      const body: Record<string, unknown> = { merchantId: shop.merchantId, monto: 150000, moneda: 'COP', referencia: `LIM-${randomUUID().slice(0, 8)}` };
      if (p.field === 'montoMinor') delete body['monto'];
      return { ...body, [p.field]: p.value };
    };
    await checkBodies('POST /v1/pagos', () => shop.apiKey, charge, [
      probe('monto', 1, true),
      probe('monto', 0, false),
      probe('monto', 1.5, false),
      probe('monto', '100', false),
      probe('monto', MAX_MONTO, true),
      probe('monto', MAX_MONTO + 1, false),
      probe('montoMinor', MAX_MONTO, true),
      probe('montoMinor', MAX_MONTO + 1, false),
      probe('moneda', 'cop', false),
      probe('referencia', text(120), true),
      probe('referencia', text(121), false),
      probe('referencia', '', false),
      probe('descripcion', text(255), true),
      probe('descripcion', text(256), false),
      probe('descripcion', null, true),
      probe('urlRetorno', returnUrl(2048), true),
      probe('urlRetorno', returnUrl(2049), false),
      probe('urlRetorno', 'http://tienda.example.co/gracias', false),
      probe('urlRetorno', 'HTTPS://tienda.example.co/gracias', true),
      probe('urlRetorno', null, true),
      probe('propina', 1000, false),
    ], () => ({ 'idempotency-key': randomUUID() }));
  });

  it('POST /v1/pagos: pagador, for own checkout', async () => {
    const payer = { nombre: 'Ana María Pérez', email: 'ana@example.com', tipoPersona: 'natural', tipoDocumento: 'CC', numeroDocumento: '1020304050', banco: '1007' };
    const charge = (p: Probe) => {
      const body = { merchantId: own.merchantId, monto: 150000, moneda: 'COP', referencia: `LIM-${randomUUID().slice(0, 8)}` };
      return p.field === 'pagador' ? { ...body, pagador: p.value } : { ...body, pagador: { ...payer, [p.field.slice('pagador.'.length)]: p.value } };
    };
    await checkBodies('POST /v1/pagos', () => own.apiKey, charge, [
      probe('pagador', null, true),
      probe('pagador', 'Ana', false),
      probe('pagador.telefono', null, true),
      probe('pagador.telefono', '3001234567', true),
      probe('pagador.telefono', '+57 300-123-4567', true),
      probe('pagador.telefono', '300123', false),
      probe('pagador.telefono', '3001234567890123', false),
      probe('pagador.telefono', '300 CALL NOW', false),
      probe('pagador.telefono', '57+3001234567', false),
      probe('pagador.email', `${text(64)}@${text(63)}.${text(63)}.${text(60)}.co`, false),
      probe('pagador.nombre', text(100), true),
      probe('pagador.nombre', text(101), false),
      probe('pagador.tipoDocumento', 'DNI', false),
      probe('pagador.banco', '107', false),
      probe('pagador.segundoNombre', 'María', false),
    ], () => ({ 'idempotency-key': randomUUID() }));
  });

  it('PUT /v1/merchants/me/registro-web: https on both, their length', async () => {
    const registration = (p: Probe) => ({ sitioWeb: SITE, urlRetorno: `${SITE}/gracias`, [p.field]: p.value });
    await checkBodies('PUT /v1/merchants/me/registro-web', () => site.apiKey, registration, [
      probe('sitioWeb', 'http://tienda.example.co', false),
      probe('sitioWeb', 'HTTPS://tienda.example.co', true),
      probe('urlRetorno', 'http://tienda.example.co/gracias', false),
      probe('urlRetorno', returnUrl(2048), true),
      probe('urlRetorno', returnUrl(2049), false),
      probe('sitiosAlternos', [SITE], false),
    ]);
  });

  it('POST /v1/personas: an e-mail address, the name\'s length, the role', async () => {
    const person = (p: Probe) => ({ email: `p-${randomUUID().slice(0, 8)}@tienda.co`, nombre: 'Persona', rol: 'lectura', [p.field]: p.value });
    await checkBodies('POST /v1/personas', () => shop.apiKey, person, [
      probe('email', 'ana.tienda.co', false),
      probe('nombre', text(120), true),
      probe('nombre', text(121), false),
      probe('nombre', '', false),
      probe('rol', 'dueño', false),
      probe('telefono', '3001234567', false),
    ]);
  });

  it('PUT /v1/webhook-endpoint: url, activo or both, not neither', async () => {
    const update = (p: Probe) => (p.field === '' ? (p.value as Record<string, unknown>) : { [p.field]: p.value });
    await checkBodies('PUT /v1/webhook-endpoint', () => hooked.apiKey, update, [
      probe('', {}, false),
      probe('activo', true, true),
      probe('activo', 'si', false),
      probe('secret', 'whsec_mine', false),
    ]);
  });

  it('GET /v1/pagos, /v1/pagos/stats and /v1/merchants/me/cambios: their query parameters', async () => {
    await checkQueries('GET /v1/pagos', [
      probe('limit', 1, true),
      probe('limit', 100, true),
      probe('limit', 0, false),
      probe('limit', 101, false),
      probe('limit', 1.5, false),
      probe('estado', 'aprobado', true),
      probe('estado', 'pagado', false),
      probe('referencia', text(120), true),
      probe('referencia', text(121), false),
    ]);
    await checkQueries('GET /v1/pagos/stats', [
      probe('periodo', 'mes', true),
      probe('periodo', 'año', false),
      probe('hasta', '2026-11-30', true),
      probe('hasta', '2026-11-30T10:00', false),
      probe('hasta', '2026-02-30', false),
    ]);
    await checkQueries('GET /v1/merchants/me/cambios', [probe('limit', 100, true), probe('limit', 101, false), probe('limit', 0, false)]);
  });
});
