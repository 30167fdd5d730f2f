// One place where every failure becomes the spec's shapes: validation 400s, `{statusCode, message, error, code}` otherwise.
import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnreachable, DatabaseUnavailable } from '../database-outage.js';
import { DomainError, FieldError, type ErrorKind } from '../errors.js';
import { ERROR_PAGE, NOT_FOUND_PAGE, PAGES, sendPage, UNREADABLE_PAGE } from './plain-pages.js';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  431: 'Request Header Fields Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'invalid_api_key',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};

const TOO_LARGE = 'Request body is larger than 100 kB';

/** A body limit as people say it: 100 kB, 16 MB. */
export const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`;

/** While the database does not answer, one line this often at most, not a stack trace per request. */
const OUTAGE_LOG_EVERY_MS = 10_000;

/** While the database does not answer, how often the filter asks it again, to say once when the outage is over. */
const RECOVERY_PROBE_MS = 1_000;

/** Asks the database a trivial question: resolves 'answers', or 'closed' once the gateway closed it; rejects while down. */
export type DatabaseProbe = () => Promise<'answers' | 'closed'>;

export interface ErrorBody {
  statusCode: number;
  message: unknown;
  error?: string;
  code?: string;
}

export function validationBody(fieldErrors: Record<string, string[]>, formErrors: string[] = []): ErrorBody {
  return { statusCode: 400, message: { formErrors, fieldErrors } };
}

export function errorBody(statusCode: number, message: string, code?: string): ErrorBody {
  return { statusCode, message, error: REASON[statusCode] ?? 'Error', code: code ?? CODE_BY_STATUS[statusCode] ?? 'error' };
}

/** Fastify answers some bad requests before Nest routes them (DESIGN.md section 7): map those too. */
function fastifyError(error: { code?: string; statusCode?: number; message?: string }): ErrorBody | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody(413, TOO_LARGE, 'payload_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody(415, 'Content-Type must be application/json', 'unsupported_media_type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationBody({}, ['The request body is empty; send a JSON object']);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validationBody({}, ['Content-Length does not match the body']);
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return validationBody({}, ['The request body is not valid JSON']);
  }
  // Every other 400 the framework raises keeps the validation shape, so a client meets one 400 body.
  if (error.statusCode === 400) return validationBody({}, [error.message ?? 'Bad request']);
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return errorBody(error.statusCode, error.message ?? 'Bad request');
  }
  return undefined;
}

/**
 * An unexpected failure (a bug, not a client's request nor an outage): logs one line naming `where` (the method and
 * a path safe to log) and a new reference, with the stack; answers that reference, for the page or body to show.
 */
export function logUnexpected(logger: Pick<Logger, 'error'>, exception: unknown, where: string | undefined): string {
  const reference = randomUUID();
  const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
  logger.error(`${where ? `${where} ` : ''}answered 500 (ref ${reference}): ${detail}`);
  return reference;
}

/**
 * A request as its log line names it: the method and the route's pattern (`/checkout/:token`, `/v1/pagos/:id`), never
 * the path itself, which may carry a checkout, invitation or reset token; the path without its query when no route
 * took it.
 */
export function pageRequestName(request: Pick<FastifyRequest, 'method' | 'url' | 'routeOptions'>): string {
  return `${request.method} ${request.routeOptions?.url ?? request.url.split('?')[0]}`;
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private outageLoggedAt = -Infinity;
  /** An outage was met and its end is being watched for. */
  private watching = false;

  /** `databaseAnswers`: for the listeners whose requests read the database, to log the end of an outage. */
  constructor(private readonly databaseAnswers?: DatabaseProbe) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { body, headers } = this.translate(exception, request);
    for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
    // A browser's page (checkout, portal, the sandbox's) whose request failed before its controller's filter could
    // answer: a path no route takes (a link cut short), or a body Fastify would not read (another Content-Type, a form
    // with a __proto__ field, too large). A Spanish page, not the API's JSON.
    if (PAGES.test(request.url)) {
      const status = body.statusCode;
      void sendPage(reply, status, status === 404 ? NOT_FOUND_PAGE : status < 500 ? UNREADABLE_PAGE : ERROR_PAGE);
      return;
    }
    // A route with a limit of its own (the provider's settlement report) names that one.
    if (body.statusCode === 413) body.message = `Request body is larger than ${sizeText(request.routeOptions?.bodyLimit ?? 100 * 1024)}`;
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  /** `request`: the one being answered, named in the log line of an unexpected failure (sandbox routes pass none). */
  translate(exception: unknown, request?: Pick<FastifyRequest, 'method' | 'url' | 'routeOptions'>): { body: ErrorBody; headers: Record<string, string> } {
    if (exception instanceof FieldError) {
      return { body: validationBody(exception.fieldErrors, exception.formErrors), headers: {} };
    }
    if (exception instanceof DomainError) {
      const status = STATUS[exception.kind];
      const headers: Record<string, string> = {};
      if (exception.retryAfterSeconds !== undefined) headers['retry-after'] = String(exception.retryAfterSeconds);
      if (status === 401) headers['www-authenticate'] = 'Bearer';
      return { body: errorBody(status, exception.message, exception.code), headers };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (status === 400) {
        // Every 400 keeps the validation shape (e.g. Nest's "Body is not valid JSON"), so a client meets one body.
        const message = typeof response === 'object' && response !== null && 'message' in response ? response.message : response;
        const text = Array.isArray(message) ? message.map(String) : [String(message)];
        return { body: validationBody({}, text[0]?.includes('not valid JSON') ? ['The request body is not valid JSON'] : text), headers: {} };
      }
      const message = typeof response === 'string' ? response : exception.message;
      if (status === HttpStatus.NOT_FOUND) return { body: errorBody(404, 'Not found'), headers: {} };
      if (status === HttpStatus.PAYLOAD_TOO_LARGE) return { body: errorBody(413, TOO_LARGE), headers: {} };
      return { body: errorBody(status, message), headers: status === 401 ? { 'www-authenticate': 'Bearer' } : {} };
    }
    const unreachable = databaseUnreachable(exception);
    if (unreachable !== undefined) {
      if (Date.now() - this.outageLoggedAt >= OUTAGE_LOG_EVERY_MS) {
        this.outageLoggedAt = Date.now();
        this.logger.error(`The database does not answer (${unreachable}); requests answer 503 until it does`);
      }
      this.watchForRecovery();
      return this.translate(new DatabaseUnavailable(unreachable));
    }
    if (typeof exception === 'object' && exception !== null) {
      const mapped = fastifyError(exception as { code?: string; statusCode?: number; message?: string });
      if (mapped) return { body: mapped, headers: {} };
    }
    // Unexpected: one reference in the answer and in the log, so the client's report finds its line (and the request).
    const reference = logUnexpected(this.logger, exception, request ? pageRequestName(request) : undefined);
    return { body: errorBody(500, `Internal server error (ref ${reference})`, 'internal_error'), headers: {} };
  }

  /**
   * Once per outage: asks the database every second (not per request: requests may be few, or none) and says in one
   * line when it answers again; the next outage then logs its start at once.
   */
  private watchForRecovery(): void {
    const probe = this.databaseAnswers;
    if (this.watching || !probe) return;
    this.watching = true;
    const ask = (): void => {
      probe().then(
        (state) => {
          this.watching = false;
          if (state === 'closed') return;
          this.outageLoggedAt = -Infinity;
          this.logger.log('The database answers again; requests are served again');
        },
        () => void setTimeout(ask, RECOVERY_PROBE_MS).unref(),
      );
    };
    setTimeout(ask, RECOVERY_PROBE_MS).unref();
  }
}
