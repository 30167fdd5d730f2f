// PostgreSQL not answering (stopped, restarting, failing over, unreachable) is an outage, not a bug: requests answer
// 503 with Retry-After and the loops wait it out, each saying so in one line (docs/decisions.md, "Database outages").
import { DomainError } from './errors.js';

/** Seconds for Retry-After while the database does not answer: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** No connection to the server at all, or the address does not resolve (a container being replaced). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * SQLSTATEs of a server going away or not ready: admin_shutdown, crash_shutdown, cannot_connect_now; of one with no
 * connection slot left, too_many_connections (max_connections or the role's limit: old and new processes side by side
 * during a deploy); and of one that answers but takes no writes, read_only_sql_transaction (a standby the address
 * names mid-failover, a primary fenced read-only, a managed server set read-only on a full disk); and of one whose own
 * disk is full, disk_full (the write is rolled back whole). A retry later fixes each.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25006', '53100']);

/** What node-postgres and its pool say, with no code, when a connection ends under them or cannot be had in time. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/**
 * The reason when `error` says the database does not answer, undefined for any other error (a bug stays a bug).
 * Looks through TypeORM's QueryFailedError (its driverError), and into an AggregateError (Node trying each address of
 * a name) when every address failed so. Not through `cause`: a failed fetch to another server is not the database.
 */
export function databaseUnreachable(error: unknown): string | undefined {
  // Duck-typed, not `instanceof Error`: Node's own errors come from another realm under Jest's VM contexts.
  let current = error as Partial<ErrorFields> | null | undefined;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const { code, message, name, errors } = current;
    const text = typeof message === 'string' ? message : '';
    // Class 08 is connection_exception.
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return text;
    if (CLIENT_MESSAGES.some((pattern) => pattern.test(text))) return text;
    // A transaction whose connection died under it: TypeORM refuses the rest of its queries.
    if (name === 'QueryRunnerProviderAlreadyReleasedError') return 'the connection was lost';
    if (Array.isArray(errors) && errors.length > 0) {
      const reasons = errors.map(databaseUnreachable);
      return reasons.every((reason) => reason !== undefined) ? reasons.join('; ') : undefined;
    }
    current = current.driverError as Partial<ErrorFields> | null | undefined;
  }
  return undefined;
}

interface ErrorFields {
  code: unknown;
  message: unknown;
  name: unknown;
  errors: unknown;
  driverError: unknown;
}

/** The answer to a request the database could not serve: 503, retry soon. */
export class DatabaseUnavailable extends DomainError {
  constructor(readonly reason: string) {
    super(
      'unavailable',
      'gateway_unavailable',
      'The payment gateway is unavailable for a moment; retry after Retry-After (with the same Idempotency-Key for a charge)',
      DATABASE_RETRY_AFTER_SECONDS,
    );
  }
}

/** The error itself, or DatabaseUnavailable when it says the database does not answer: for the pages' own filters. */
export function asDatabaseUnavailable(error: unknown): unknown {
  const reason = databaseUnreachable(error);
  return reason === undefined ? error : new DatabaseUnavailable(reason);
}
