// Every portal answer is private to its person: not cached, not framed, no scripts at all (the CSP allows none),
// styles and forms from the portal's own origin only, no referrer to other sites (an invitation link's token stays
// here). `same-origin` rather than `no-referrer`: with no-referrer, browsers post forms with `Origin: null`.
import type { FastifyReply } from 'fastify';

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function setPortalHeaders(reply: FastifyReply, https: boolean): void {
  void reply
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'same-origin')
    .header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-robots-tag', 'noindex, nofollow');
  if (https) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

export function sendPage(reply: FastifyReply, https: boolean, status: number, page: string): string {
  setPortalHeaders(reply, https);
  void reply.status(status).header('content-type', 'text/html; charset=utf-8');
  return page;
}

/** Post/Redirect/Get: a 303 so that reloading the next page does not post again. */
export function seeOther(reply: FastifyReply, https: boolean, location: string): void {
  setPortalHeaders(reply, https);
  void reply.status(303).header('location', location);
}
