// The merchant's site and return page (spec "Web registration", DESIGN.md 5.6): https only, the return page on the
// site's domain or a subdomain of it. The strings are stored as given: the buyer is sent to urlRetorno exactly so.
import { localSuffixOf } from '../../kernel/local-names.js';

export const MAX_URL_LENGTH = 2048;

/** parseHttpsUrl's first rule (https://, in any case) as the API description writes it: a pattern has no flags. */
export const HTTPS_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]://';

/**
 * Which hosts a site may have. Production: a public domain name. The dev mode (`WEBHOOK_ALLOW_LOOPBACK`, on by
 * default on the embedded default, as for webhook endpoints) also allows this machine, for a merchant's local tries.
 */
export interface SitePolicy {
  allowLoopback: boolean;
}

export interface WebRegistration {
  sitioWeb: string;
  urlRetorno: string;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; problem: string };

export type WebRegistrationCheck =
  | { ok: true; value: WebRegistration }
  | { ok: false; fieldErrors: Record<string, string[]> };

// RFC 3986 characters only (the spec's "string, uri"): no spaces, controls, backslashes or raw non-ASCII. The WHATWG
// parser silently drops tabs and newlines and reads `\` as `/`, so such a string would not be the URL we checked.
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

/** Checks one merchant-given https URL by the WHATWG URL parser. */
export function parseHttpsUrl(raw: string, field: string): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) return fail(`${field} must be at most ${MAX_URL_LENGTH} characters long`);
  if (!/^https:\/\//i.test(raw)) return fail(`${field} must start with https://`);
  if (!URI_CHARACTERS.test(raw)) {
    return fail(inAscii(raw, field) ?? `${field} must be a URI: no spaces, backslashes or characters outside ASCII (percent-encode them)`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail(`${field} must be a valid URL`);
  }
  const authority = raw.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') {
    return fail(`${field} must not contain user information (user:password@)`);
  }
  // The host as written must be the host the parser sees: rules out `https:///x`, hex or percent-encoded hosts,
  // forms that other parsers read differently.
  const writtenHost = authority.replace(/:\d*$/, '').toLowerCase();
  if (writtenHost === '' || writtenHost !== url.hostname) return fail(`${field} must name its host plainly`);
  return { ok: true, url };
}

/**
 * For a URL whose only characters outside a URI are letters of its domain (https://diseño.co/gracias): the same URL
 * with the domain in ASCII, as the WHATWG parser writes it (punycode), since a percent-encoded host is refused too.
 */
function inAscii(raw: string, field: string): string | undefined {
  const rest = raw.slice('https://'.length);
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  const tail = rest.slice(authority.length);
  if (!/[^\x00-\x7f]/.test(authority) || !/^[-A-Za-z0-9.:\u00a0-\uffff]+$/.test(authority) || !URI_CHARACTERS.test(tail)) return undefined;
  try {
    return `${field} must write its domain in ASCII: https://${new URL(raw).host}${tail}`;
  } catch {
    return undefined;
  }
}

const IPV4_LITERAL = /^\d+\.\d+\.\d+\.\d+$/;

/**
 * Why a site's host cannot be a merchant's site, or null. A bare TLD (`https://co`) or any other single label is no
 * one's site, and an IP address is not a domain a return page can belong to; only the dev mode lets `localhost`,
 * 127.0.0.0/8 and [::1] through. The parser has already turned every IPv4 form into a dotted quad.
 */
export function siteHostProblem(url: URL, policy: SitePolicy): string | null {
  const written = url.hostname;
  const host = written.endsWith('.') ? written.slice(0, -1) : written;
  // `localhost..` or `tienda.local..`: past the rules below (one trailing dot is stripped, not two); no DNS name has an
  // empty label, as for webhook destinations.
  if (host.split('.').includes('')) return 'sitioWeb must name a domain with no empty label between dots, e.g. https://tienda.example.co';
  const loopback = host === 'localhost' || host === '[::1]' || (IPV4_LITERAL.test(host) && host.startsWith('127.'));
  if (loopback && policy.allowLoopback) return null;
  const devNote = policy.allowLoopback ? '' : ' (localhost only in the dev mode)';
  if (host.startsWith('[') || IPV4_LITERAL.test(host)) {
    return `sitioWeb must name the site by its domain name, not an IP address${policy.allowLoopback ? ' (only this machine\'s in the dev mode)' : ''}`;
  }
  if (host === 'localhost') return `sitioWeb must be a public site, not this machine (localhost)${devNote}`;
  if (!host.includes('.')) return 'sitioWeb must name a domain with a dot, e.g. https://tienda.example.co (not a bare TLD or host name)';
  const local = localSuffixOf(host);
  if (local) return `sitioWeb must be a public site, not one under ${local}`;
  return null;
}

/** True when `url`'s host is the host of `sitioWeb` or a subdomain of it; any port is allowed. */
export function belongsToSite(url: URL, sitioWeb: string): boolean {
  let site: URL;
  try {
    site = new URL(sitioWeb);
  } catch {
    return false;
  }
  const host = url.hostname;
  const siteHost = site.hostname;
  if (siteHost === '') return false;
  return host === siteHost || host.endsWith(`.${siteHost}`);
}

/**
 * Every broken rule of a web registration, named per field. A field left undefined (already refused for its type)
 * is not judged, nor is the rule that needs both.
 */
export function webRegistrationProblems(input: Partial<WebRegistration>, policy: SitePolicy): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  const parsed = input.sitioWeb === undefined ? undefined : parseHttpsUrl(input.sitioWeb, 'sitioWeb');
  const hostProblem = parsed?.ok ? siteHostProblem(parsed.url, policy) : null;
  const site: UrlCheck | undefined = hostProblem === null ? parsed : fail(hostProblem);
  const ret = input.urlRetorno === undefined ? undefined : parseHttpsUrl(input.urlRetorno, 'urlRetorno');
  if (site && !site.ok) fieldErrors.sitioWeb = [site.problem];
  if (ret && !ret.ok) fieldErrors.urlRetorno = [ret.problem];
  if (site?.ok && ret?.ok && !belongsToSite(ret.url, input.sitioWeb ?? '')) {
    fieldErrors.urlRetorno = [`urlRetorno must be on ${site.url.hostname} or a subdomain of it (the domain of sitioWeb)`];
  }
  return fieldErrors;
}

/** Every rule of a web registration, with every broken rule named per field. */
export function checkWebRegistration(input: WebRegistration, policy: SitePolicy): WebRegistrationCheck {
  const fieldErrors = webRegistrationProblems(input, policy);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { sitioWeb: input.sitioWeb, urlRetorno: input.urlRetorno } };
}

function fail(problem: string): UrlCheck {
  return { ok: false, problem };
}
