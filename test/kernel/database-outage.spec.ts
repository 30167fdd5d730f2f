// Which errors mean "the database did not answer" (503, wait and retry) and which stay bugs (500, logged with their
// trace), in the shapes node-postgres, TypeORM and Node give them. The real ones are met in
// database-restart.http.spec.ts.
import pg from 'pg';
import { QueryFailedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { asDatabaseUnavailable, DatabaseUnavailable, databaseUnreachable } from '../../src/kernel/database-outage.js';

/** An error as node-postgres builds one from the server's ErrorResponse. */
const serverError = (code: string, message: string): Error => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });

/** An error as Node's net module builds one (a plain Error with code and syscall). */
const socketError = (code: string, message: string): Error => Object.assign(new Error(message), { code, syscall: 'connect' });

describe('databaseUnreachable', () => {
  it('reads a refused or reset connection, and a name that no longer resolves, as the database not answering', () => {
    expect(databaseUnreachable(socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(databaseUnreachable(socketError('ECONNRESET', 'read ECONNRESET'))).toBe('read ECONNRESET');
    expect(databaseUnreachable(socketError('ENOTFOUND', 'getaddrinfo ENOTFOUND postgres'))).toBe('getaddrinfo ENOTFOUND postgres');
  });

  it('reads a server shutting down, starting up or failing a connection as not answering', () => {
    expect(databaseUnreachable(serverError('57P01', 'terminating connection due to administrator command'))).toBe('terminating connection due to administrator command');
    expect(databaseUnreachable(serverError('57P03', 'the database system is starting up'))).toBe('the database system is starting up');
    expect(databaseUnreachable(serverError('25006', 'cannot execute INSERT in a read-only transaction'))).toBe('cannot execute INSERT in a read-only transaction');
    expect(databaseUnreachable(serverError('53300', 'sorry, too many clients already'))).toBe('sorry, too many clients already');
    expect(databaseUnreachable(serverError('53100', 'could not extend file "base/16384/16390": No space left on device'))).toBe(
      'could not extend file "base/16384/16390": No space left on device',
    );
    expect(databaseUnreachable(serverError('08006', 'connection failure'))).toBe('connection failure');
  });

  it('reads a connection that ended under a query, a pool that could not connect in time, and a released transaction so', () => {
    expect(databaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
    expect(databaseUnreachable(new Error('timeout exceeded when trying to connect'))).toBe('timeout exceeded when trying to connect');
    expect(databaseUnreachable(new QueryRunnerProviderAlreadyReleasedError())).toBe('the connection was lost');
  });

  it('looks through the QueryFailedError TypeORM wraps a query error in', () => {
    const wrapped = new QueryFailedError('SELECT 1', [], serverError('57P01', 'terminating connection due to administrator command'));
    expect(databaseUnreachable(wrapped)).toBe('terminating connection due to administrator command');
  });

  it('reads an AggregateError (every address of a name tried) as not answering only when every address failed so', () => {
    const refused = socketError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432');
    const refusedToo = socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
    expect(databaseUnreachable(new AggregateError([refused, refusedToo]))).toBe('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
    expect(databaseUnreachable(new AggregateError([refused, new Error('something else')]))).toBeUndefined();
  });

  it('leaves every other error a bug: a constraint, a syntax error, a bad password, a failed fetch to another server', () => {
    expect(databaseUnreachable(serverError('23505', 'duplicate key value violates unique constraint "events_stream_revision"'))).toBeUndefined();
    expect(databaseUnreachable(new QueryFailedError('SELEC 1', [], serverError('42601', 'syntax error at or near "SELEC"')))).toBeUndefined();
    expect(databaseUnreachable(serverError('28P01', 'password authentication failed for user "pasarela"'))).toBeUndefined();
    expect(databaseUnreachable(new TypeError('fetch failed', { cause: socketError('ECONNRESET', 'read ECONNRESET') }))).toBeUndefined();
    expect(databaseUnreachable('ECONNREFUSED')).toBeUndefined();
  });
});

describe('asDatabaseUnavailable', () => {
  it('turns the database not answering into a 503 gateway_unavailable with Retry-After 5, and leaves a bug as it is', () => {
    expect(asDatabaseUnavailable(socketError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBeInstanceOf(DatabaseUnavailable);
    expect(asDatabaseUnavailable(serverError('57P01', 'terminating'))).toMatchObject({ kind: 'unavailable', code: 'gateway_unavailable', retryAfterSeconds: 5 });
    const bug = new Error('a bug');
    expect(asDatabaseUnavailable(bug)).toBe(bug);
  });
});
