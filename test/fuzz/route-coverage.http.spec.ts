// The fuzz test's list of routes (routes.ts) is written by hand; this keeps it whole. It reads what each listener of a
// started gateway really registered (Fastify's routes, as the gateway recorded them) and asks a Fastify router of the
// same routes which one each listed request reaches: a route no listed request reaches fails here by name, as does a
// listed request that reaches none (a route renamed or gone).
import Fastify from 'fastify';
import type { ServedRoute } from '../../src/gateway.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { routes, type Door, type Fixture, type Route } from './routes.js';

const LISTENER: Record<Door, 'public' | 'operator' | 'sandbox'> = {
  api: 'public',
  checkout: 'public',
  portal: 'public',
  'portal-anonymous': 'public',
  notices: 'public',
  plain: 'public',
  operator: 'operator',
  'sandbox-api': 'sandbox',
  'sandbox-page': 'sandbox',
};

/** Served but not fuzzed, each with why. */
const NOT_FUZZED: Record<string, string> = {
  // Registered on every listener: a fixed 204 for the browser's icon request, whatever it is sent.
  'public GET /favicon.ico': 'no input',
  'operator GET /favicon.ico': 'no input',
  'sandbox GET /favicon.ico': 'no input',
  // The Swagger UI's fixed files, registered by @nestjs/swagger beside its /docs/* file server (which is fuzzed, as
  // /docs/swagger-ui.css): no parameter, no body; a fuzzed query or header reaches the same static handler.
  'public GET /docs/': 'fixed file',
  'public GET /docs/index.html': 'fixed file',
  'public GET /docs/LICENSE': 'fixed file',
  'public GET /docs/swagger-ui-init.js': 'fixed file',
  'public GET /docs/docs/swagger-ui-init.js': 'fixed file (the same script, at the address the UI asks for)',
  // The portal's catch-all is an @All(): GET and POST are fuzzed; the other methods reach the same handler.
  ...Object.fromEntries(
    ['TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'QUERY', 'SEARCH', 'PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'].map(
      (method) => [`public ${method} /portal/*`, 'same handler as GET and POST'],
    ),
  ),
};

const ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
/** Placeholders of the shape each id has: only the paths matter here, nothing is sent to the gateway. */
const FIXTURE: Fixture = {
  merchantId: ID,
  chargeId: ID,
  approvedChargeId: ID,
  checkoutToken: 'a'.repeat(32),
  personId: ID,
  portalPersonId: ID,
  keyIdToRevoke: ID,
  deliveryId: ID,
  sessionId: ID,
  invitationToken: 'b'.repeat(43),
  resetToken: 'c'.repeat(43),
  sandboxSessionId: 'ses_desconocida',
  otherMerchantId: ID,
};

const key = (listener: string, route: ServedRoute): string => `${listener} ${route.method} ${route.url}`;

function concrete(route: Route): string {
  const path = route.path.replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(route.params?.[name] ?? ''));
  const query = new URLSearchParams(route.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

describe("the fuzz test's list of routes", () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  it('reads a route table from every listener', () => {
    for (const listener of ['public', 'operator', 'sandbox'] as const) expect([listener, gw.routes[listener].length > 5]).toEqual([listener, true]);
  });

  it('covers every route each listener registers, and lists none that is not served', async () => {
    const reached = new Set<string>();
    const unserved: string[] = [];
    for (const listener of ['public', 'operator', 'sandbox'] as const) {
      // A router of the listener's routes alone, each answering its own name: Fastify picks as the listener would.
      const router = Fastify();
      const names = new Set(gw.routes[listener].map((route) => key(listener, route)));
      for (const route of gw.routes[listener]) {
        const name = key(listener, route);
        if (!names.delete(name)) continue;
        // A Nest @All() route takes every method Node knows, SEARCH and PROPFIND too: Fastify asks for them by name.
        if (!router.supportedMethods.includes(route.method)) router.addHttpMethod(route.method, { hasBody: true });
        router.route({ method: route.method, url: route.url, handler: async () => ({ name }) });
      }
      for (const route of routes(FIXTURE).filter((r) => LISTENER[r.door] === listener)) {
        const answer = await router.inject({ method: route.method, url: concrete(route) });
        if (answer.statusCode === 200) reached.add(answer.json<{ name: string }>().name);
        else unserved.push(`${listener} ${route.method} ${route.path}`);
      }
      await router.close();
    }
    const served = Object.entries(gw.routes).flatMap(([listener, list]) => list.map((route) => key(listener, route)));
    const uncovered = [...new Set(served)].filter((name) => !reached.has(name) && !(name in NOT_FUZZED));
    expect({ uncovered, unserved }).toEqual({ uncovered: [], unserved: [] });
    // An exclusion for a route no longer served is itself stale.
    expect(Object.keys(NOT_FUZZED).filter((name) => !served.includes(name))).toEqual([]);
  });
});
