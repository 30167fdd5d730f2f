// Every hosted page is private to its buyer and must not be framed, cached or leak its token: a strict CSP (the
// card frame only from the provider's origin, forms only to us and to the provider's pages), no-store, no referrer.
import type { FastifyReply } from 'fastify';

export interface PageOrigins {
  /** Origins allowed in frames (the provider's card form). */
  frames: string[];
  /** Origins a form post may end up on (the bank's page a PSE form redirects to). */
  formTargets: string[];
  /** Set Strict-Transport-Security (the public origin is https). */
  https: boolean;
}

export const NO_ORIGINS: PageOrigins = { frames: [], formTargets: [], https: false };

export function setPageHeaders(reply: FastifyReply, origins: PageOrigins): void {
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${origins.frames.length > 0 ? origins.frames.join(' ') : "'none'"}`,
    `form-action 'self' ${origins.formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  void reply
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('x-robots-tag', 'noindex, nofollow');
  if (origins.https) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

export function sendPage(reply: FastifyReply, status: number, page: string, origins: PageOrigins): string {
  setPageHeaders(reply, origins);
  void reply.status(status).header('content-type', 'text/html; charset=utf-8');
  return page;
}

/** A 303 for a handler that returns nothing: Nest then sends the empty body. */
export function redirect(reply: FastifyReply, location: string, origins: PageOrigins): void {
  setPageHeaders(reply, origins);
  void reply.status(303).header('location', location);
}
