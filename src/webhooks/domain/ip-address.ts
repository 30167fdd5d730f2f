// Which addresses a webhook may reach (DESIGN.md 5.15): public unicast only, loopback too in the dev mode.
// Pure: parses the canonical text forms that the WHATWG URL parser and the resolver produce.

export type AddressClass =
  | { kind: 'public' }
  | { kind: 'loopback' }
  | { kind: 'blocked'; range: string };

interface Range {
  prefix: bigint;
  bits: number;
  label: string;
}

const v4 = (cidr: string, label: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  const bytes = parseIPv4(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { prefix: toBigInt(bytes), bits: Number(bits), label: `${cidr} (${label})` };
};

const v6 = (cidr: string, label: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  const bytes = parseIPv6(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { prefix: toBigInt(bytes), bits: Number(bits), label: `${cidr} (${label})` };
};

// IANA special-purpose registries; what is not listed is public.
const IPV4_BLOCKED: readonly Range[] = [
  v4('0.0.0.0/8', 'this network'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'carrier-grade NAT'),
  v4('169.254.0.0/16', 'link-local, cloud metadata'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.88.99.0/24', '6to4 relay'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved, broadcast'),
];
const IPV4_LOOPBACK = v4('127.0.0.0/8', 'loopback');

const IPV6_BLOCKED: readonly Range[] = [
  v6('::/96', 'IPv4-compatible, unspecified'),
  v6('64:ff9b:1::/48', 'local-use NAT64'),
  v6('100::/64', 'discard'),
  v6('2001::/23', 'IETF protocol assignments, Teredo'),
  v6('2001:db8::/32', 'documentation'),
  v6('3fff::/20', 'documentation'),
  v6('5f00::/16', 'segment routing'),
  v6('fc00::/7', 'unique local, private'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local'),
  v6('ff00::/8', 'multicast'),
];
const IPV6_LOOPBACK = v6('::1/128', 'loopback');
const IPV6_GLOBAL_UNICAST = v6('2000::/3', 'global unicast');
// Forms that carry an IPv4 address: judged by the address they lead to.
const IPV4_MAPPED = v6('::ffff:0:0/96', 'IPv4-mapped');
const NAT64 = v6('64:ff9b::/96', 'NAT64');
const SIX_TO_FOUR = v6('2002::/16', '6to4');

function toBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function inRange(value: bigint, width: number, range: Range): boolean {
  const shift = BigInt(width - range.bits);
  return value >> shift === range.prefix >> shift;
}

/** Strict dotted quad (what the URL parser and the resolver give): four decimal parts, 0 to 255. */
export function parseIPv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    bytes[i] = Number(part);
  }
  return bytes;
}

/** RFC 4291 text form, with `::` and a dotted IPv4 tail; no zone id (a zone is link-local anyway). */
export function parseIPv6(text: string): Uint8Array | null {
  if (text.includes('%')) return null;
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups (::ffff:7f00:1).
  let head = text;
  const lastColon = text.lastIndexOf(':');
  if (lastColon >= 0 && text.slice(lastColon + 1).includes('.')) {
    const quad = parseIPv4(text.slice(lastColon + 1));
    if (!quad) return null;
    const hex = (a: number, b: number): string => ((a << 8) | b).toString(16);
    head = `${text.slice(0, lastColon + 1)}${hex(quad[0]!, quad[1]!)}:${hex(quad[2]!, quad[3]!)}`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const left = groups(halves[0] ?? '');
  const right = halves.length === 2 ? groups(halves[1] ?? '') : [];
  if (!left || !right) return null;
  const given = left.length + right.length;
  let words: number[];
  if (halves.length === 2) {
    if (given > 7) return null;
    words = [...left, ...new Array<number>(8 - given).fill(0), ...right];
  } else {
    if (given !== 8) return null;
    words = left;
  }
  const bytes = new Uint8Array(16);
  for (const [i, word] of words.entries()) {
    bytes[2 * i] = word >> 8;
    bytes[2 * i + 1] = word & 0xff;
  }
  return bytes;
}

function classifyIPv4(bytes: Uint8Array): AddressClass {
  const value = toBigInt(bytes);
  if (inRange(value, 32, IPV4_LOOPBACK)) return { kind: 'loopback' };
  const blocked = IPV4_BLOCKED.find((range) => inRange(value, 32, range));
  return blocked ? { kind: 'blocked', range: blocked.label } : { kind: 'public' };
}

function classifyIPv6(bytes: Uint8Array): AddressClass {
  const value = toBigInt(bytes);
  if (inRange(value, 128, IPV6_LOOPBACK)) return { kind: 'loopback' };
  const embedded = (from: number): AddressClass => classifyIPv4(bytes.slice(from, from + 4));
  if (inRange(value, 128, IPV4_MAPPED) || inRange(value, 128, NAT64)) return embedded(12);
  if (inRange(value, 128, SIX_TO_FOUR)) {
    const inner = embedded(2);
    return inner.kind === 'public' ? inner : { kind: 'blocked', range: `${SIX_TO_FOUR.label} to ${describeClass(inner)}` };
  }
  const blocked = IPV6_BLOCKED.find((range) => inRange(value, 128, range));
  if (blocked) return { kind: 'blocked', range: blocked.label };
  if (!inRange(value, 128, IPV6_GLOBAL_UNICAST)) return { kind: 'blocked', range: 'outside 2000::/3 (not global unicast)' };
  return { kind: 'public' };
}

function describeClass(address: AddressClass): string {
  return address.kind === 'blocked' ? address.range : address.kind;
}

/** Classifies an IP address in text form (IPv6 with or without brackets); null when the text is not an address. */
export function classifyAddress(text: string): AddressClass | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const four = parseIPv4(bare);
  if (four) return classifyIPv4(four);
  const six = bare.includes(':') ? parseIPv6(bare) : null;
  return six ? classifyIPv6(six) : null;
}

/** Whether a webhook may connect to this class of address. */
export function addressAllowed(address: AddressClass, allowLoopback: boolean): boolean {
  return address.kind === 'public' || (address.kind === 'loopback' && allowLoopback);
}

export function refusalOf(address: AddressClass): string {
  return address.kind === 'loopback' ? 'a loopback address' : address.kind === 'blocked' ? `an address in ${address.range}` : 'a public address';
}
