// Configuration from the environment, checked once at start: a bad value stops the start with a clear message.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';

export type EventStoreKind = 'postgres' | 'eventstoredb';
export type Role = 'all' | 'api' | 'worker';

export interface Config {
  port: number;
  adminPort: number;
  adminHost: string;
  sandboxPort: number;
  sandboxHost: string;
  /** Where buyers' browsers reach the sandbox provider (its own origin). */
  sandboxPublicUrl: string;
  /** Where the service reaches the provider's API, server to server. */
  providerUrl: string;
  /** Shared secret between the service and the sandbox provider (API calls and signed notices). */
  providerSecret: string;
  operatorToken: string | undefined;
  dataDir: string;
  /** Port of the embedded PostgreSQL (the embedded default only: unused with DATABASE_URL). */
  embeddedPgPort: number;
  publicBaseUrl: string;
  databaseUrl: string | undefined;
  eventStore: EventStoreKind;
  eventStoreUrl: string | undefined;
  providerTimeoutMs: number;
  /** A charge still creado this long after a provider time-out is finished by the worker (DESIGN.md 3b). */
  staleChargeAfterMs: number;
  maxMonto: number;
  rateLimitPerKey: number;
  role: Role;
  /** A portal session ends after this many minutes without use. */
  portalSessionIdleMinutes: number;
  /** A portal session ends this many hours after sign-in, used or not. */
  portalSessionMaxHours: number;
  /** Where the sandbox provider delivers its signed notices; undefined: PUBLIC_BASE_URL + /provider/notices. */
  sandboxNoticeUrl: string | undefined;
  /** How long a sandbox cash voucher can be paid, in seconds (72 h, as Colombian cash networks usually give). */
  sandboxVoucherValiditySeconds: number;
  /** How long the sandbox's "stays pending" PSE test bank waits before it approves, in seconds. */
  sandboxPsePendingSeconds: number;
  /** How often the worker looks for cash vouchers past their deadline, in ms. */
  voucherExpiryIntervalMs: number;
  /** How long the provider's PSE bank list is kept before it is asked again, in seconds. */
  bankListCacheSeconds: number;
  /** Seconds between a failed webhook attempt and the next (DESIGN.md 5.16): the spec's 1, 5, 25 by default. */
  webhookRetryDelays: number[];
  /** How long one webhook POST may take, all in (resolving, connecting, the answer). */
  webhookTimeoutMs: number;
  /** Dev mode: webhook endpoints may also be http(s) on this machine (loopback). Off in production (DATABASE_URL). */
  webhookAllowLoopback: boolean;
  /** AES-256 key that seals webhook signing secrets at rest (32 bytes). */
  webhookSecretKey: Buffer;
  /** The key WEBHOOK_SECRET_KEY replaced, during a rotation: secrets it sealed still open until they are re-sealed. */
  webhookSecretKeyPrevious: Buffer | null;
  /** `npm run bench` only: mounts the one-INSERT yardstick at POST /bench/baseline (embedded default only). */
  benchBaseline: boolean;
  /**
   * Which proxies in front of the listeners may name the client (X-Forwarded-For): false (none: the peer is the
   * client), a number of hops, or the proxies' addresses and CIDR ranges. The client's address is what portal
   * sessions show and what sign-in throttling counts.
   */
  trustProxy: false | number | string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** An IP address, or a CIDR range with a prefix that fits it. */
function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset (no proxy), a hop count 1-10, or comma-separated addresses / CIDR ranges of the proxies. */
function trustProxy(raw: string | undefined, problems: string[]): false | number | string {
  if (raw === undefined || raw.trim() === '' || raw === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = raw.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyEntry)) return entries.join(',');
  }
  problems.push(
    `TRUST_PROXY must be the number of proxies in front (1 to 10) or their addresses / CIDR ranges, comma-separated (got "${raw}"); ` +
      '"true" is not accepted: any client could then choose its own address',
  );
  return false;
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };
  const url = (name: string, protocols: string[], raw = env[name]): string | undefined => {
    if (raw === undefined || raw === '') return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        // Named by its scheme only: the rest may hold a password.
        problems.push(`${name} must be a ${protocols.join(' or ')} URL (got a ${parsed.protocol} URL)`);
        return undefined;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return undefined;
    }
  };
  // A URL the others are built on (PUBLIC_BASE_URL + /v1, /checkout/...): a query, a fragment or a user:password@
  // would end up inside every one of them, and in the banner.
  const baseUrl = (name: string): string | undefined => {
    const raw = url(name, ['http:', 'https:']);
    if (raw === undefined) return undefined;
    const parsed = new URL(raw);
    if (parsed.username !== '' || parsed.password !== '' || /[?#]/.test(raw)) {
      problems.push(`${name} must be a base URL (scheme, host, port and path): no user:password@, ?query or #fragment`);
      return undefined;
    }
    return raw;
  };
  // A base URL buyers' browsers open (the checkout, the sandbox's pages): its host goes into the pages'
  // Content-Security-Policy (the card frame, the forms to the bank and back), where a browser ignores a host with an
  // underscore (its grammar is letters, digits and hyphens), so every card form and bank return was blocked; the
  // sandbox refused such return addresses outright.
  const browserBaseUrl = (name: string): string | undefined => {
    const raw = baseUrl(name);
    if (raw === undefined || !new URL(raw).hostname.includes('_')) return raw;
    problems.push(`${name} cannot have an underscore in its host (got "${new URL(raw).hostname}"): browsers ignore such a host in the pages' Content-Security-Policy, so checkouts would fail; use letters, digits, hyphens and dots`);
    return undefined;
  };
  // EventStoreDB's connection string is a URL except for a cluster's hosts, comma-separated (esdb://a:2113,b:2113),
  // which WHATWG's parser refuses: checked as a URL with the first host only; the client parses the whole.
  const eventStoreConnectionString = (name: string, protocols: string[]): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const firstHostOnly = raw.replace(/^([^:/?#]+:\/\/(?:[^@/?#]*@)?[^,/?#]*)(?:,[^/?#]*)?/, '$1');
    return url(name, protocols, firstHostOnly) === undefined ? undefined : raw;
  };
  const host = (name: string, fallback: string): string => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (isIP(raw) === 0 && raw !== 'localhost') {
      problems.push(`${name} must be an IP address to bind to, or localhost (got "${raw}")`);
      return fallback;
    }
    return raw;
  };

  const seconds = (name: string, fallback: number[]): number[] => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const parts = raw.split(',').map((part) => part.trim());
    if (parts.length > 10 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part) || Number(part) > 86_400)) {
      problems.push(`${name} must be up to 10 comma-separated delays in seconds, each 0 to 86400 (got "${raw}")`);
      return fallback;
    }
    return parts.map(Number);
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!['true', 'false', '1', '0'].includes(raw)) {
      problems.push(`${name} must be true or false (got "${raw}")`);
      return fallback;
    }
    return raw === 'true' || raw === '1';
  };
  // 32 bytes as 64 hex characters or base64/base64url. Only the embedded default may go without one: main.ts keeps a
  // generated key in DATA_DIR (tests get one per process); with DATABASE_URL a lost key would make every stored
  // signing secret unusable, so it must be given.
  const parseKey = (name: string, raw: string): Buffer => {
    const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) problems.push(`${name} must be 32 bytes: 64 hex characters or base64 (e.g. openssl rand -base64 32)`);
    return key;
  };
  const secretKey = (name: string): Buffer => {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (env.DATABASE_URL) problems.push(`${name} must be set when DATABASE_URL is set (32 bytes, e.g. openssl rand -base64 32)`);
      return randomBytes(32);
    }
    return parseKey(name, raw);
  };
  const previousSecretKey = (name: string, current: Buffer): Buffer | null => {
    const raw = env[name];
    if (raw === undefined || raw === '') return null;
    const key = parseKey(name, raw);
    if (key.equals(current)) problems.push(`${name} must differ from WEBHOOK_SECRET_KEY: it is the key being replaced`);
    return key;
  };

  const port = int('PORT', 3000, 0, 65535);
  const adminPort = int('ADMIN_PORT', 3001, 0, 65535);
  const sandboxPort = int('SANDBOX_PORT', 3002, 0, 65535);
  const eventStore = oneOf('EVENT_STORE', ['postgres', 'eventstoredb'] as const, 'postgres');
  const eventStoreUrl = eventStoreConnectionString('EVENTSTORE_URL', ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']);
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const publicBaseUrl = browserBaseUrl('PUBLIC_BASE_URL') ?? `http://localhost:${port}`;
  const sandboxPublicUrl = browserBaseUrl('SANDBOX_PUBLIC_URL') ?? `http://localhost:${sandboxPort}`;
  const sandboxHost = host('SANDBOX_HOST', '0.0.0.0');
  // The sandbox where it listens: a wildcard reached on IPv4 loopback, else its own address, IPv6 bracketed
  // (SANDBOX_HOST=::1 listens on ::1 only, where a fixed 127.0.0.1 found nothing).
  const sandboxReach = sandboxHost === '0.0.0.0' || sandboxHost === '::' ? '127.0.0.1' : sandboxHost;
  const providerUrl = baseUrl('PROVIDER_URL') ?? `http://${isIP(sandboxReach) === 6 ? `[${sandboxReach}]` : sandboxReach}:${sandboxPort}`;
  // Every process of a deployment signs and checks the provider's notices with it, so with DATABASE_URL (where
  // processes may be several) it must be given; the embedded default keeps a generated one in DATA_DIR (main.ts).
  const providerSecret = env.PROVIDER_SECRET || randomBytes(32).toString('base64url');
  if (providerSecret.length < 24) problems.push('PROVIDER_SECRET must be at least 24 characters long');
  if (env.DATABASE_URL && !env.PROVIDER_SECRET) {
    problems.push('PROVIDER_SECRET must be set when DATABASE_URL is set: every process of the deployment shares it (e.g. openssl rand -base64 32)');
  }

  const webhookSecretKey = secretKey('WEBHOOK_SECRET_KEY');

  const token = env.OPERATOR_TOKEN;
  if (token !== undefined && token !== '' && token.length < 24) {
    problems.push('OPERATOR_TOKEN must be at least 24 characters long');
  }
  // It travels as `Authorization: Bearer <token>`: a space ends it there (every request refused), and a header carries
  // no UTF-8: curl sends an "ñ" as two other characters (refused), Node's fetch refuses a "€". Never shown.
  if (token !== undefined && token !== '' && !/^[\x21-\x7e]+$/.test(token)) {
    problems.push('OPERATOR_TOKEN must be printable ASCII without spaces (it is sent as Authorization: Bearer <token>), e.g. openssl rand -base64 32');
  }
  if (eventStore === 'eventstoredb' && !env.EVENTSTORE_URL) {
    problems.push('EVENT_STORE=eventstoredb needs EVENTSTORE_URL (e.g. esdb://localhost:2113?tls=false)');
  }
  if (databaseUrl && !token) {
    problems.push('OPERATOR_TOKEN must be set when DATABASE_URL is set (only the embedded default generates one)');
  }
  const ports = [port, adminPort, sandboxPort].filter((p) => p !== 0);
  if (new Set(ports).size !== ports.length) {
    problems.push(`PORT, ADMIN_PORT and SANDBOX_PORT must differ (got ${port}, ${adminPort}, ${sandboxPort})`);
  }
  // The embedded PostgreSQL starts first: on one of the listeners' ports it would take it, and the gateway's start
  // would then fail with an EADDRINUSE that names no variable.
  const embeddedPgPort = int('EMBEDDED_PG_PORT', 54329, 1, 65535);
  if (!databaseUrl && ports.includes(embeddedPgPort)) {
    problems.push(`EMBEDDED_PG_PORT must differ from PORT, ADMIN_PORT and SANDBOX_PORT (got ${embeddedPgPort})`);
  }

  const config: Config = {
    port,
    adminPort,
    adminHost: host('ADMIN_HOST', '127.0.0.1'),
    sandboxPort,
    sandboxHost,
    sandboxPublicUrl: sandboxPublicUrl.replace(/\/$/, ''),
    providerUrl: providerUrl.replace(/\/$/, ''),
    providerSecret,
    operatorToken: token || undefined,
    dataDir: env.DATA_DIR || './data',
    embeddedPgPort,
    publicBaseUrl: publicBaseUrl.replace(/\/$/, ''),
    databaseUrl,
    eventStore,
    eventStoreUrl,
    providerTimeoutMs: int('PROVIDER_TIMEOUT_MS', 5000, 1, 120_000),
    staleChargeAfterMs: int('STALE_CHARGE_AFTER_SECONDS', 60, 1, 86_400) * 1000,
    maxMonto: int('MAX_MONTO', 1_000_000_000, 1, Number.MAX_SAFE_INTEGER),
    rateLimitPerKey: int('RATE_LIMIT_PER_KEY', 100, 1, 1_000_000),
    role: oneOf('ROLE', ['all', 'api', 'worker'] as const, 'all'),
    portalSessionIdleMinutes: int('PORTAL_SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    portalSessionMaxHours: int('PORTAL_SESSION_MAX_HOURS', 12, 1, 30 * 24),
    sandboxNoticeUrl: url('SANDBOX_NOTICE_URL', ['http:', 'https:']),
    sandboxVoucherValiditySeconds: int('SANDBOX_VOUCHER_VALIDITY_SECONDS', 72 * 3600, 1, 60 * 24 * 3600),
    sandboxPsePendingSeconds: int('SANDBOX_PSE_PENDING_SECONDS', 60, 0, 24 * 3600),
    voucherExpiryIntervalMs: int('VOUCHER_EXPIRY_INTERVAL_MS', 60_000, 50, 24 * 3600 * 1000),
    bankListCacheSeconds: int('BANK_LIST_CACHE_SECONDS', 3600, 0, 7 * 24 * 3600),
    webhookRetryDelays: seconds('WEBHOOK_RETRY_DELAYS', [1, 5, 25]),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookAllowLoopback: bool('WEBHOOK_ALLOW_LOOPBACK', !databaseUrl),
    webhookSecretKey,
    webhookSecretKeyPrevious: previousSecretKey('WEBHOOK_SECRET_KEY_PREVIOUS', webhookSecretKey),
    benchBaseline: bool('BENCH_BASELINE', false),
    trustProxy: trustProxy(env.TRUST_PROXY, problems),
  };
  if (config.benchBaseline && databaseUrl) {
    problems.push('BENCH_BASELINE is for `npm run bench` on the embedded default; it cannot be set with DATABASE_URL');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
