// The ValidationPipe that answers the spec's validation body: {statusCode: 400, message: {formErrors, fieldErrors}}.
import { ValidationPipe, type ArgumentMetadata, type PipeTransform, type ValidationError } from '@nestjs/common';
import { FieldError } from '../errors.js';

function collect(errors: ValidationError[], prefix: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const messages = Object.entries(error.constraints).map(([rule, message]) =>
        rule === 'whitelistValidation' ? `${error.property} is not a known field` : message,
      );
      // One rule's message said once, though several decorators (type, min, max) may share it.
      into[field] = [...new Set([...(into[field] ?? []), ...messages])];
    }
    if (error.children?.length) collect(error.children, field, into);
  }
}

export function fieldErrorsOf(errors: ValidationError[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  collect(errors, '', fieldErrors);
  return fieldErrors;
}

/** Deeper than any request of ours; a deeper body would exhaust the stack of class-transformer's recursion. */
export const MAX_DEPTH = 32;

/**
 * Text PostgreSQL cannot store (the NUL character) or that is not Unicode (half of a surrogate pair, which `\ud800`
 * in JSON can carry) is a field error here rather than the database's error later; so is a body nested past MAX_DEPTH.
 */
function unstorable(value: unknown, path: string, depth: number, into: Record<string, string[]>): boolean {
  if (typeof value === 'string') {
    if (value.includes('\0') || !value.isWellFormed()) {
      into[path || 'body'] = [`${path || 'the value'} must not contain the NUL character or an unpaired surrogate`];
    }
    return true;
  }
  if (typeof value !== 'object' || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  for (const [key, inner] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (!unstorable(inner, at, depth + 1, into)) return false;
  }
  return true;
}

/**
 * Also refuses, after the guards have run, a JSON body that is not an object (an array, a string, null), and text
 * a database cannot keep in the body or the query.
 */
class JsonObjectValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new FieldError({}, ['The request body must be a JSON object']);
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      const fieldErrors: Record<string, string[]> = {};
      if (!unstorable(value, '', 0, fieldErrors)) throw new FieldError({}, [`The request ${metadata.type} is nested more than ${MAX_DEPTH} levels deep`]);
      if (Object.keys(fieldErrors).length > 0) throw new FieldError(fieldErrors);
    }
    return super.transform(value, metadata);
  }
}

export function validationPipe(): ValidationPipe {
  return new JsonObjectValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new FieldError(fieldErrorsOf(errors)),
  });
}

/**
 * For a route that takes no body: a body with fields is refused field by field, never silently ignored (a refund
 * sent `{"monto": 100}` would otherwise refund the whole charge). `why` says what the route does instead.
 */
export class NoBodyPipe implements PipeTransform<unknown, undefined> {
  constructor(private readonly why: string) {}

  transform(value: unknown): undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw new FieldError({}, [this.why]);
    const fields = Object.keys(value);
    if (fields.length === 0) return undefined;
    throw new FieldError(Object.fromEntries(fields.map((field) => [field, [`${field} is not a field of this request`]])), [this.why]);
  }
}
