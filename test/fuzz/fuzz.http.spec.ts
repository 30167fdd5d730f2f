// House rule 3, "no 500 for anything a client can send", tried on every route of every listener: each query
// parameter, body field, form field and path segment replaced by odd values, odd bodies, Content-Types and
// credentials, and a few requests only a raw socket sends. Every answer must be below 500 (a 503 only with
// Retry-After), in the API's error shapes (DESIGN.md 5.1) on the JSON doors and a Spanish page on the buyer's and the
// portal's, and the gateway must still answer /health. A sample per field, from a fixed seed: `FUZZ_SEED=<n>` repeats
// a run, `FUZZ_ALL=1` sends every odd value to every field (about 25 s more, by hand).
import { createHmac, randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { createCharge, operator } from '../checkout/paying.js';
import { acceptInvitation, csrfOf, operatorInvites, PortalClient, signIn } from '../portal/portal-client.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { http, startTestGatewayOn, waitUntil, type TestGateway } from '../support/gateway.js';
import { issueKey, onboardMerchant, type OnboardedMerchant } from '../support/merchants.js';
import { rawRequest } from '../support/raw-http.js';
import { ALWAYS_JSON, ALWAYS_STRINGS, CONTENT_TYPES, ODD_AUTHORIZATIONS, ODD_BODIES, oddJson, oddSegments, oddStrings, sample, seededRandom } from './odd-input.js';
import { routes, type Door, type Fixture, type Route } from './routes.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Odd values per field in the committed run. */
const PER_FIELD = 3;
const PROVIDER_SECRET = 'fuzz-provider-secret-0123456789abcdef';
const CONCURRENCY = 6;

const logged: string[] = [];
const logger: LoggerService = {
  log: () => undefined,
  warn: () => undefined,
  error: (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
  fatal: (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
};

interface Case {
  label: string;
  path: string;
  query?: string;
  body?: string | Uint8Array;
  headers: Record<string, string>;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Percent-encodes as browsers do, and a lone surrogate as its (invalid) UTF-8 bytes rather than throwing. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const unit = ch.charCodeAt(0);
        if (ch.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(ch);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      })
      .join('');
  }
}

const encodePairs = (pairs: Array<[string, string]>): string => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

const fillPath = (route: Route, params: Record<string, string> = route.params ?? {}): string =>
  route.path.replace(/:(\w+)/g, (_whole, name: string) => params[name] ?? '');

/** The JSON body with `field` (a.b for nested) set to the raw JSON text `raw`. */
function jsonWith(base: Record<string, unknown>, field: string, raw: string): string {
  const marker = '\u0001FUZZ\u0001';
  const copy = structuredClone(base);
  const names = field.split('.');
  let target: Record<string, unknown> = copy;
  for (const name of names.slice(0, -1)) target = target[name] as Record<string, unknown>;
  target[names.at(-1)!] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

function jsonFields(body: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(body).flatMap(([name, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? jsonFields(value as Record<string, unknown>, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

/** The odd requests for one route: one part changed at a time. */
function casesOf(route: Route, random: () => number, otherId: string): Case[] {
  const path = fillPath(route);
  const baseQuery = Object.entries(route.query ?? {}).filter(([, v]) => v !== '');
  const cases: Case[] = [];
  const json = route.json ? JSON.stringify(route.json) : undefined;
  const formPairs = Object.entries(route.form ?? {});
  const baseBody = json ?? (route.form ? encodePairs(formPairs) : undefined);
  const contentType = json !== undefined ? 'application/json' : route.form ? 'application/x-www-form-urlencoded' : undefined;
  const withType = (headers: Record<string, string> = {}): Record<string, string> => (contentType ? { 'content-type': contentType, ...headers } : headers);
  const add = (label: string, change: Partial<Case>): void => {
    cases.push({ label, path, query: encodePairs(baseQuery), body: baseBody, headers: withType(), ...change });
  };

  add('as valid', {});
  for (const name of Object.keys(route.query ?? {})) {
    for (const [label, value] of sample(random, oddStrings(otherId), PER_FIELD, ALWAYS_STRINGS)) {
      add(`?${name}=${label}`, { query: encodePairs([...baseQuery.filter(([k]) => k !== name), [name, value]]) });
    }
    add(`?${name} twice`, { query: encodePairs([...baseQuery, [name, 'a'], [name, 'b']]) });
  }
  add('?__proto__ and constructor', { query: `${encodePairs(baseQuery)}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__=x` });
  for (const name of Object.keys(route.params ?? {})) {
    for (const [label, segment] of sample(random, oddSegments(otherId), PER_FIELD + 1)) {
      add(`:${name}=${label}`, { path: fillPath(route, { ...route.params, [name]: segment }) });
    }
  }
  if (route.json) {
    for (const field of jsonFields(route.json)) {
      for (const [label, raw] of sample(random, oddJson(otherId), PER_FIELD, ALWAYS_JSON)) add(`${field}=${label}`, { body: jsonWith(route.json, field, raw) });
    }
    add('__proto__ key', { body: `{"__proto__":{"polluted":"yes"},${json!.slice(1)}` });
    add('constructor key', { body: `{"constructor":{"prototype":{"polluted":"yes"}},${json!.slice(1)}` });
  }
  if (route.form) {
    for (const [name] of formPairs) {
      for (const [label, value] of sample(random, oddStrings(otherId), PER_FIELD, ALWAYS_STRINGS)) {
        add(`${name}=${label}`, { body: encodePairs([...formPairs.filter(([k]) => k !== name), [name, value]]) });
      }
      add(`${name} twice`, { body: encodePairs([...formPairs, [name, 'otro']]) });
    }
    add('form __proto__', { body: `${encodePairs(formPairs)}&__proto__=x&constructor=y&toString=z` });
    add('form as JSON', { body: JSON.stringify(route.form), headers: { 'content-type': 'application/json' } });
  }
  if (baseBody !== undefined || route.method !== 'GET') {
    for (const [label, body] of sample(random, ODD_BODIES, PER_FIELD)) add(`body ${label}`, { body });
    for (const [type] of sample(random, CONTENT_TYPES.map((t) => [t, t] as const), 2)) add(`content-type ${type}`, { headers: { 'content-type': type } });
    add('no content-type', { headers: {} });
  }
  if (['api', 'operator', 'sandbox-api'].includes(route.door)) {
    for (const [label, authorization] of sample(random, ODD_AUTHORIZATIONS, 2)) add(`authorization ${label}`, { headers: withType({ authorization }) });
  }
  if (route.path === '/v1/pagos' && route.method === 'POST') {
    for (const [label, key] of [['10 kB', 'k'.repeat(10_240)], ['latin-1', 'pedido-\u00ff'], ['blank', ' '], ['empty', '']] as const) {
      add(`Idempotency-Key ${label}`, { headers: withType({ 'idempotency-key': key }) });
    }
  }
  return cases;
}

const isStrings = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** DESIGN.md 5.1: the validation 400, or `{statusCode, message, error, code}`. */
function errorShapeProblem(status: number, answer: Answer): string | undefined {
  if (!(answer.headers.get('content-type') ?? '').startsWith('application/json')) return `content-type ${answer.headers.get('content-type')}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return 'body not JSON';
  }
  if (body.statusCode !== status) return `statusCode ${String(body.statusCode)}`;
  const message = body.message as Record<string, unknown> | string;
  if (status === 400 && typeof message === 'object' && message !== null) {
    const fieldErrors = message.fieldErrors;
    const fine = isStrings(message.formErrors) && typeof fieldErrors === 'object' && fieldErrors !== null && Object.values(fieldErrors).every(isStrings);
    return fine ? undefined : `validation body ${answer.text.slice(0, 200)}`;
  }
  return typeof message === 'string' && typeof body.error === 'string' && typeof body.code === 'string' ? undefined : `error body ${answer.text.slice(0, 200)}`;
}

const isSpanishPage = (answer: Answer): boolean =>
  (answer.headers.get('content-type') ?? '').startsWith('text/html') && /<html lang="es(-CO)?">/.test(answer.text);

/** What an answer must never show: a built-in looked up by a client's word, a stack trace, the database's error. */
const LEAKS = /\[native code\]|\[object Object\]|    at \S+ \(|node_modules|QueryFailedError|duplicate key|violates|syntax error at/;

/** What is wrong with an answer, or undefined. */
function judge(door: Door, answer: Answer): string | undefined {
  if (answer.status >= 500 && !(answer.status === 503 && answer.headers.get('retry-after'))) return `status ${answer.status}: ${answer.text.slice(0, 200)}`;
  const leak = LEAKS.exec(answer.text);
  if (leak) return `shows ${leak[0]}: ${answer.text.slice(Math.max(0, leak.index - 100), leak.index + 60)}`;
  if (answer.status < 400) return undefined;
  // Headers past Node's limit (a 90 kB query) are answered on the socket before any URL is read: JSON everywhere.
  if (answer.status === 431) return errorShapeProblem(431, answer);
  switch (door) {
    case 'portal':
    case 'portal-anonymous':
      return isSpanishPage(answer) ? undefined : `not a Spanish page: ${answer.headers.get('content-type')} ${answer.text.slice(0, 120)}`;
    case 'checkout':
    case 'sandbox-page':
      return isSpanishPage(answer) ? undefined : errorShapeProblem(answer.status, answer);
    default:
      return errorShapeProblem(answer.status, answer);
  }
}

async function pool<T>(items: T[], worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await worker(items[next++]!);
    }),
  );
}

describe('fuzzing every route', () => {
  let db: TestDatabase;
  let gw: TestGateway;
  let a: OnboardedMerchant;
  let b: OnboardedMerchant;
  let fixture: Fixture;
  /** Same kind of ids of merchant B, by the route parameter they fill. */
  let portalA: PortalClient;
  /** Another administrator of A, for the tests after the fuzz (which signs portalA out and closes its other sessions). */
  let partnerA: PortalClient;
  let portalB: PortalClient;
  let otherCharge: string;
  /** Merchant B's things, each of a kind A's routes take. */
  let other: { charge: string; delivery: string; person: string; admin: string; session: string };

  const sessionIdsOf = async (client: PortalClient): Promise<string[]> =>
    [...(await client.get('/portal/sesiones')).text.matchAll(/\/portal\/sesiones\/([0-9a-f-]{36})\/cerrar/g)].map((m) => m[1]!);

  beforeAll(async () => {
    db = await createTestDatabase();
    gw = await startTestGatewayOn(db.url, { rateLimitPerKey: 1_000_000, providerSecret: PROVIDER_SECRET, webhookRetryDelays: [3600, 3600, 3600] }, undefined, logger);
    [a, b] = [await onboardMerchant(gw), await onboardMerchant(gw)];
    for (const m of [a, b]) {
      await http('POST', `${gw.publicUrl}/v1/webhook-endpoint`, { token: m.apiKey, body: { url: 'http://127.0.0.1:9/hook' } });
    }
    const charge = await createCharge(gw, a);
    const approved = await createCharge(gw, a);
    otherCharge = (await createCharge(gw, b)).id;
    for (const id of [approved.id, otherCharge]) await operator(gw, 'POST', `/internal/sandbox/pagos/${id}/resultado`, { resultado: 'aprobado' });
    const deliveryOf = async (m: OnboardedMerchant): Promise<string> =>
      (await waitUntil(() => operator(gw, 'GET', `/internal/merchants/${m.merchantId}/entregas`), (answer) => answer.body.data?.length > 0)).body.data[0].id;
    const invite = async (m: OnboardedMerchant, email: string) =>
      (await http('POST', `${gw.publicUrl}/v1/personas`, { token: m.apiKey, body: { email, nombre: 'Invitada', rol: 'lectura' } })).body;
    const invited = await invite(a, 'invitada@a.co');
    const invitedToo = await invite(a, 'otra-invitada@a.co');
    const invitedLast = await invite(a, 'tercera@a.co');
    const owner = await acceptInvitation(gw, await operatorInvites(gw, a.merchantId, 'duena@a.co'));
    const ownerId = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: a.apiKey })).body.find((p: { email: string }) => p.email === 'duena@a.co').id;
    const reset = await http('POST', `${gw.publicUrl}/v1/personas/${ownerId}/restablecimiento`, { token: a.apiKey });
    await owner.post('/portal/salir', { csrf: csrfOf((await owner.get('/portal/sesiones')).text) });
    portalA = (await signIn(gw, 'duena@a.co')).client;
    const secondA = (await signIn(gw, 'duena@a.co')).client;
    partnerA = await acceptInvitation(gw, await operatorInvites(gw, a.merchantId, 'socia@a.co'));
    portalB = await acceptInvitation(gw, await operatorInvites(gw, b.merchantId, 'dueno@b.co'));
    const [sessionsA] = [await sessionIdsOf(secondA)];
    const sandboxSession: Array<{ id: string }> = await gw.infra.dataSource.query('SELECT id FROM sandbox_sessions WHERE charge_id = $1', [charge.id]);
    fixture = {
      merchantId: a.merchantId,
      chargeId: charge.id,
      approvedChargeId: approved.id,
      checkoutToken: charge.token,
      personId: invited.id,
      portalPersonId: invitedToo.id,
      keyIdToRevoke: (await issueKey(gw, a.merchantId)).id,
      deliveryId: await deliveryOf(a),
      sessionId: sessionsA[0]!,
      invitationToken: new URL(invitedLast.invitacion.url).pathname.split('/').at(-1)!,
      resetToken: new URL(reset.body.url).pathname.split('/').at(-1)!,
      sandboxSessionId: sandboxSession[0]!.id,
      otherMerchantId: b.merchantId,
    };
    const peopleB = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: b.apiKey })).body as Array<{ id: string; email: string }>;
    await invite(b, 'invitada@b.co');
    const secondB = (await signIn(gw, 'dueno@b.co')).client;
    other = {
      charge: otherCharge,
      delivery: await deliveryOf(b),
      person: (await invite(b, 'otra@b.co')).id,
      admin: peopleB.find((p) => p.email === 'dueno@b.co')!.id,
      session: (await sessionIdsOf(secondB))[0]!,
    };
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
    await db?.drop();
  });

  async function send(route: Route, c: Case, anonymous?: { cookie: string; csrf: string }): Promise<Answer> {
    const base = route.door === 'operator' ? gw.adminUrl : route.door.startsWith('sandbox') ? gw.sandboxUrl : gw.publicUrl;
    const headers: Record<string, string> = {};
    if (route.door === 'api') {
      headers.authorization = `Bearer ${a.apiKey}`;
      headers['idempotency-key'] = `fuzz-${randomUUID()}`;
    }
    if (route.door === 'operator') headers.authorization = `Bearer ${gw.operatorToken}`;
    if (route.door === 'sandbox-api') headers.authorization = `Bearer ${PROVIDER_SECRET}`;
    let body = c.body;
    const formToken = route.door === 'portal' ? csrfOfSession : anonymous?.csrf;
    if (formToken !== undefined && route.method !== 'GET' && typeof body === 'string' && (c.headers['content-type'] ?? '').includes('urlencoded')) {
      body = body === '' ? `csrf=${formToken}` : `csrf=${formToken}&${body}`;
    }
    if (route.door === 'portal') headers.cookie = [...portalA.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (anonymous) headers.cookie = anonymous.cookie;
    if (route.door === 'notices' && body !== undefined) {
      const t = Math.floor(Date.now() / 1000);
      headers['sandbox-signature'] = `t=${t},v1=${createHmac('sha256', PROVIDER_SECRET).update(`${t}.`).update(body).digest('hex')}`;
    }
    const url = `${base}${c.path}${c.query ? `?${c.query}` : ''}`;
    try {
      const response = await fetch(url, {
        method: route.method,
        headers: { ...headers, ...c.headers },
        body: route.method === 'GET' ? undefined : body,
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    } catch (error) {
      return { status: 599, headers: new Headers(), text: `no answer: ${String(error)}` };
    }
  }

  let csrfOfSession = '';

  it('answers every odd request to every route below 500, in its door\'s shape, and still answers /health', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    csrfOfSession = csrfOf((await portalA.get('/portal/sesiones')).text);
    for (const route of routes(fixture)) {
      let anonymous: { cookie: string; csrf: string } | undefined;
      if (route.formPage) {
        const client = new PortalClient(gw.publicUrl);
        const page = await client.get(route.formPage);
        expect([route.formPage, page.status]).toEqual([route.formPage, 200]);
        const csrf = csrfOf(page.text);
        anonymous = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), csrf };
      }
      await pool(casesOf(route, random, otherCharge), async (c) => {
        const problem = judge(route.door, await send(route, c, anonymous));
        if (problem) failures.push(`${route.method} ${route.path} [${c.label}]: ${problem}`);
      });
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await http('GET', `${gw.publicUrl}/health`)).status).toBe(200);
    expect(logged.filter((line) => line.includes('answered 500'))).toEqual([]);
  }, 240_000);

  /** Status, headers (but the date) and body, with `id` written as ID: what a client can tell apart. */
  const visible = (answer: Answer, id: string): unknown => ({
    status: answer.status,
    headers: [...answer.headers].filter(([name]) => name !== 'date').map(([name, value]) => [name, value.replaceAll(id, 'ID')]),
    body: answer.text.replaceAll(id, 'ID').replace(/ref [0-9a-f-]{36}/g, 'ref REF'),
  });

  it("answers another merchant's charge, delivery, person and session exactly as a missing one, on the API and in the portal", async () => {
    const portalB0 = await portalB.get('/portal/sesiones');
    expect(portalB0.status).toBe(200);
    portalA = partnerA;
    const csrf = csrfOf((await portalA.get('/portal/sesiones')).text);
    const api = (method: Route['method'], path: string, json?: Record<string, unknown>): Route => ({ door: 'api', method, path, json });
    const page = (method: Route['method'], path: string): Route => ({ door: 'portal', method, path, form: method === 'GET' ? undefined : { rol: 'lectura' } });
    const cases: Array<[Route, string]> = [
      [api('GET', '/v1/pagos/:id'), other.charge],
      [api('GET', '/v1/pagos/:id/liquidacion'), other.charge],
      [api('PATCH', '/v1/personas/:id', { rol: 'lectura' }), other.admin],
      [api('PATCH', '/v1/personas/:id', { rol: 'lectura' }), other.person],
      [api('POST', '/v1/personas/:id/restablecimiento'), other.admin],
      [api('DELETE', '/v1/personas/:id'), other.person],
      [page('GET', '/portal/pagos/:id'), other.charge],
      [page('POST', '/portal/configuracion/webhook/entregas/:id/reenviar'), other.delivery],
      [page('POST', '/portal/configuracion/personas/:id/rol'), other.admin],
      [page('GET', '/portal/configuracion/personas/:id/quitar'), other.person],
      [page('POST', '/portal/configuracion/personas/:id/restablecer'), other.admin],
      [page('POST', '/portal/configuracion/personas/:id/quitar'), other.person],
      [page('POST', '/portal/sesiones/:id/cerrar'), other.session],
    ];
    csrfOfSession = csrf;
    for (const [route, id] of cases) {
      const missing = randomUUID();
      const request = (value: string): Case => ({
        label: '',
        path: fillPath({ ...route, params: { id: value } }),
        body: route.json ? JSON.stringify(route.json) : route.form ? encodePairs(Object.entries(route.form)) : undefined,
        headers: route.json ? { 'content-type': 'application/json' } : route.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      });
      const foreign = visible(await send({ ...route, params: { id } }, request(id)), id);
      expect([route.method, route.path, foreign]).toEqual([route.method, route.path, visible(await send({ ...route, params: { id: missing } }, request(missing)), missing)]);
    }
    // Nothing of B's changed: its session still opens its pages, its people keep their roles, its charge its state.
    expect((await portalB.get('/portal/sesiones')).status).toBe(200);
    const peopleB = (await http('GET', `${gw.publicUrl}/v1/personas`, { token: b.apiKey })).body as Array<{ id: string; rol: string }>;
    expect(peopleB.find((p) => p.id === other.admin)?.rol).toBe('administrador');
    expect(peopleB.some((p) => p.id === other.person)).toBe(true);
  });

  it("answers a tampered, truncated or forged cursor with a 400 on cursor, and another merchant's or filter's with the asker's own rows only", async () => {
    await createCharge(gw, b);
    await createCharge(gw, b);
    const listB = await waitUntil(() => http('GET', `${gw.publicUrl}/v1/pagos?limit=1`, { token: b.apiKey }), (answer) => answer.body.nextCursor !== null);
    const historyB = (await http('GET', `${gw.publicUrl}/v1/merchants/me/cambios?limit=1`, { token: b.apiKey })).body.nextCursor as string;
    const cursorB = listB.body.nextCursor as string;
    const idsOfB = [other.charge, ...((await http('GET', `${gw.publicUrl}/v1/pagos?limit=100`, { token: b.apiKey })).body.data as Array<{ id: string }>).map((c) => c.id)];
    const forge = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      cursorB.slice(0, -4),
      `${cursorB.slice(0, 5)}A${cursorB.slice(6)}`,
      forge(['2026-01-01T00:00:00Z']),
      forge(['2026-01-01T00:00:00Z', 'no-es-un-id']),
      forge(['+010000-01-01T00:00:00Z', randomUUID()]),
      // Date.parse rolls these over or takes them; PostgreSQL refuses them ("out of range")
      forge(['2026-02-29T00:00:00.000000Z', randomUUID()]),
      forge(['2026-04-31T12:00:00Z', randomUUID()]),
      forge(['2026-01-01T00:00:00+16:00', randomUUID()]),
      forge({ 0: '2026-01-01T00:00:00Z', 1: randomUUID() }),
      forge(['2026-01-01T00:00:00Z', randomUUID(), 'extra']),
      forge([1e309, null]),
      '%00',
      'x'.repeat(201),
    ];
    for (const cursor of bad) {
      for (const path of ['/v1/pagos', '/v1/merchants/me/cambios']) {
        const answer = await http('GET', `${gw.publicUrl}${path}?cursor=${encodeURIComponent(cursor)}`, { token: a.apiKey });
        expect([path, cursor, answer.status, Object.keys(answer.body.message?.fieldErrors ?? {})]).toEqual([path, cursor, 400, ['cursor']]);
      }
      for (const path of ['/portal/pagos', '/portal/configuracion/historial', '/portal/configuracion/webhook']) {
        const answer = await partnerA.get(`${path}?cursor=${encodeURIComponent(cursor)}`);
        expect([path, cursor, answer.status < 500, isSpanishPage(answer)]).toEqual([path, cursor, true, true]);
      }
    }
    // B's cursors are a position in time, read within A's own rows (the list is the asker's whatever the cursor).
    for (const [path, cursor] of [['/v1/pagos', cursorB], ['/v1/pagos?estado=aprobado', cursorB], ['/v1/merchants/me/cambios', historyB]] as const) {
      const answer = await http('GET', `${gw.publicUrl}${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`, { token: a.apiKey });
      expect([path, answer.status]).toEqual([path, 200]);
      expect(idsOfB.filter((id) => answer.text.includes(id))).toEqual([]);
      expect(answer.text).not.toContain(b.merchantId);
    }
    const page = await partnerA.get(`/portal/pagos?cursor=${encodeURIComponent(cursorB)}`);
    expect(page.status).toBe(200);
    expect(idsOfB.filter((id) => page.text.includes(id))).toEqual([]);
    // Another filter's cursor: the rows still meet the filter asked for.
    const approvedA = await http('GET', `${gw.publicUrl}/v1/pagos?estado=aprobado&cursor=${encodeURIComponent(cursorB)}`, { token: a.apiKey });
    expect((approvedA.body.data as Array<{ estado: string }>).every((c) => c.estado === 'aprobado')).toBe(true);
  });

  it('answers requests only a raw socket sends (headers twice, a Content-Length that lies, bad chunks) below 500, without hanging', async () => {
    const body = JSON.stringify({ merchantId: a.merchantId, monto: 1000, moneda: 'COP', referencia: 'PED-RAW' });
    const key = `Authorization: Bearer ${a.apiKey}`;
    const json = 'Content-Type: application/json';
    const requests: Array<[label: string, base: string, head: string[], body: string, contentLength?: number | null]> = [
      ['two Authorization', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, 'Authorization: Bearer svcpk_otra', json, 'Idempotency-Key: raw-1'], body],
      ['two Idempotency-Key', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Idempotency-Key: raw-2', 'Idempotency-Key: raw-3'], body],
      ['two Content-Type', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Content-Type: text/plain', 'Idempotency-Key: raw-4'], body],
      ['two Content-Length', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Idempotency-Key: raw-5', `Content-Length: ${body.length - 1}`], body],
      ['Content-Length short', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Idempotency-Key: raw-6'], body, body.length - 10],
      ['Content-Length long', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Idempotency-Key: raw-7'], body, body.length + 10],
      ['bad chunks', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Idempotency-Key: raw-8', 'Transfer-Encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n', null],
      ['chunked and Content-Length', gw.publicUrl, ['POST /v1/pagos HTTP/1.1', key, json, 'Idempotency-Key: raw-9', 'Transfer-Encoding: chunked'], '2\r\n{}\r\n0\r\n\r\n'],
      ['portal form, Content-Length long', gw.publicUrl, ['POST /portal/ingresar HTTP/1.1', 'Content-Type: application/x-www-form-urlencoded'], 'email=a', 50],
      ['checkout form, two Content-Type', gw.publicUrl, [`POST /checkout/${fixture.checkoutToken}/pse HTTP/1.1`, 'Content-Type: application/x-www-form-urlencoded', 'Content-Type: application/json'], 'banco=1007'],
      ['operator, two Authorization', gw.adminUrl, ['POST /internal/merchants HTTP/1.1', `Authorization: Bearer ${gw.operatorToken}`, 'Authorization: Bearer otra', json], '{"nombre":"X"}'],
      ['notice, two signatures', gw.publicUrl, ['POST /provider/notices HTTP/1.1', json, 'Sandbox-Signature: t=1,v1=00', 'Sandbox-Signature: t=2,v1=11'], '{}'],
      ['request line with NUL', gw.publicUrl, ['GET /v1/pagos/\u0000 HTTP/1.1', key], ''],
      ['HTTP/1.0 without Host', gw.publicUrl, ['GET /health HTTP/1.0'], ''],
    ];
    const failures: string[] = [];
    for (const [label, base, head, text, contentLength] of requests) {
      const started = Date.now();
      const answer = await rawRequest(base, head, text, { contentLength, timeoutMs: 10_000 });
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      if (Date.now() - started >= 10_000) failures.push(`${label}: no answer within 10 s`);
      else if (status >= 500 && !(status === 503 && /\r\nretry-after:/i.test(answer))) failures.push(`${label}: ${answer.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    expect((await http('GET', `${gw.publicUrl}/health`)).status).toBe(200);
    expect(logged.filter((line) => line.includes('answered 500'))).toEqual([]);
  });
});
