// What every portal controller needs to answer: whether the portal is on https (cookies, HSTS) and the client's
// address and browser for the sessions page and the per-address sign-in limit.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import type { ClientInfo } from '../../application/portal-session.js';

/** How many of the latest deliveries the portal reads (the deliveries query's maximum). */
export const DELIVERIES_SHOWN = 100;

export const isHttps = (config: Config): boolean => config.publicBaseUrl.startsWith('https://');

/** The address as Fastify sees it: behind a proxy, configure the proxy to pass it (see docs/decisions.md). */
export function clientOf(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

/** Where to go after signing in: a portal page only (never another site, never a post-only path). */
export function safeReturn(candidate: string | undefined): string {
  if (candidate && /^\/portal\/[A-Za-z0-9/_\-?=&%.~]*$/.test(candidate) && !candidate.startsWith('/portal/salir') && !candidate.startsWith('/portal/ingresar')) {
    return candidate;
  }
  return '/portal/resumen';
}

// The signed-in pages GET answers. Some forms sit on a page only a post answers (a password link's page, an
// invitation's, a rejected webhook URL's): its address is no page to come back to, GET gives the 404 page.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const GET_PAGES = new RegExp(
  `^/portal/(resumen|pagos|pagos/${UUID}|sesiones|configuracion|configuracion/(sitio|personas|personas/${UUID}/quitar|webhook|webhook/secreto|historial))$`,
  'i',
);

/**
 * The portal page a form was posted from, by its same-origin Referer (the portal sends `Referrer-Policy: same-origin`):
 * where to go back to when the post cannot be applied (session gone, stale form). A page only a post answers gives
 * way to its section's page (the nearest page above it GET answers). Undefined when absent, from elsewhere, or not a
 * page `safeReturn` would accept.
 */
export function formPageOf(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return undefined;
  try {
    const url = new URL(referer);
    if (url.host !== request.headers.host) return undefined;
    const page = `${url.pathname}${url.search}`;
    if (safeReturn(page) !== page) return undefined;
    if (GET_PAGES.test(url.pathname)) return page;
    for (let path = url.pathname; path.includes('/'); path = path.slice(0, path.lastIndexOf('/'))) {
      if (GET_PAGES.test(path)) return path;
    }
    return undefined;
  } catch {
    return undefined;
  }
}
