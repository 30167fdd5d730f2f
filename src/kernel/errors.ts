// Expected failures, typed where they arise; the HTTP error filter translates them once (STYLE.md, point 6).

export type ErrorKind =
  | 'invalid' // 400
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'unsupported_media_type' // 415
  | 'rate_limited' // 429
  | 'unavailable'; // 503

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Stable machine-readable code, e.g. `merchant_not_approved` (DESIGN.md 5.1). */
    readonly code: string,
    message: string,
    /** Seconds for Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A request field that breaks a rule: answered 400 with `message.fieldErrors[field]`. */
export class FieldError extends DomainError {
  constructor(
    readonly fieldErrors: Record<string, string[]>,
    readonly formErrors: string[] = [],
  ) {
    super('invalid', 'validation_failed', 'Validation failed');
  }

  static of(field: string, message: string): FieldError {
    return new FieldError({ [field]: [message] });
  }
}

export class NotFound extends DomainError {
  constructor(what = 'Resource') {
    super('not_found', 'not_found', `${what} not found`);
  }
}
