// Where a webhook endpoint may point (DESIGN.md 5.15). Production: https to public addresses only. The dev mode
// (the embedded default) also allows http and https to loopback, so a merchant can try webhooks on its own machine.
// Names are checked here by their shape; the addresses they resolve to are checked again at connect time.
import { localSuffixOf } from '../../kernel/local-names.js';
import { addressAllowed, classifyAddress, refusalOf } from './ip-address.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export interface DestinationPolicy {
  allowLoopback: boolean;
}

export type DestinationCheck = { ok: true; url: URL } | { ok: false; reason: string };

const refuse = (reason: string): DestinationCheck => ({ ok: false, reason });

/** The hostname as a name or an address literal, without brackets and without one trailing dot. */
export function bareHost(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/** The raw text between `//` and the path, as written (an empty `@` leaves no username in the parsed URL). */
function authorityOf(raw: string): string {
  const start = raw.indexOf('//');
  if (start < 0) return '';
  const rest = raw.slice(start + 2);
  const end = rest.search(/[/?#\\]/);
  return end < 0 ? rest : rest.slice(0, end);
}

function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

export function checkDestination(raw: string, policy: DestinationPolicy): DestinationCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('url must be an absolute URL, e.g. https://tienda.example.co/webhooks');
  }
  // Stored and sent as the parser writes it, where a non-ASCII or space character takes 3-12 characters: the limit
  // holds for what is kept, or the URL a GET answers would be refused when sent back in a PUT.
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    return refuse(`url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long as stored, percent-encoded (this one has ${url.href.length})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('url must be an https URL');
  // `https://tienda.co@127.0.0.1/` is a request to 127.0.0.1: refused whatever its host.
  if (url.username !== '' || url.password !== '' || authorityOf(raw).includes('@')) {
    return refuse('url must not contain user information (user@host)');
  }
  if (url.hash !== '' || raw.includes('#')) return refuse('url must not have a fragment (#...)');
  // The parser takes port 0, but nothing can be reached there: every delivery would fail.
  if (url.port === '0') return refuse('url must not use port 0');

  const host = bareHost(url);
  const address = classifyAddress(host);
  const loopback = address ? address.kind === 'loopback' : isLoopbackName(host);
  if (url.protocol === 'http:' && !(policy.allowLoopback && loopback)) {
    return refuse(policy.allowLoopback ? 'url must be https (http only to this machine in the dev mode)' : 'url must be https');
  }
  if (address) {
    return addressAllowed(address, policy.allowLoopback) ? { ok: true, url } : refuse(`url must not point to ${refusalOf(address)}`);
  }
  if (loopback) return policy.allowLoopback ? { ok: true, url } : refuse('url must not point to this machine (localhost)');
  if (!host.includes('.')) return refuse('url must name a public host (a domain name with a dot)');
  // `localhost..` or `metadata.google.internal..`: past the suffix rules below (one trailing dot is stripped, not two),
  // and no DNS name has an empty label.
  if (host.split('.').includes('')) return refuse('url must name a public host (no empty label between dots)');
  const local = localSuffixOf(host);
  if (local) return refuse(`url must name a public host, not one under ${local}`);
  return { ok: true, url };
}

/** Connect-time rule for a resolved address: the one the request is then pinned to. */
export function checkAddress(address: string, policy: DestinationPolicy): string | null {
  const kind = classifyAddress(address);
  if (!kind) return `not an IP address: ${address}`;
  return addressAllowed(kind, policy.allowLoopback) ? null : `resolves to ${refusalOf(kind)}`;
}
