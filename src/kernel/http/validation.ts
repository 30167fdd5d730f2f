// The ValidationPipe that answers the spec's validation body: {statusCode: 400, message: {formErrors, fieldErrors}}.
import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { FieldError } from '../errors.js';

function collect(errors: ValidationError[], prefix: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const messages = Object.entries(error.constraints).map(([rule, message]) =>
        rule === 'whitelistValidation' ? `${error.property} is not a known field` : message,
      );
      into[field] = [...(into[field] ?? []), ...messages];
    }
    if (error.children?.length) collect(error.children, field, into);
  }
}

export function fieldErrorsOf(errors: ValidationError[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  collect(errors, '', fieldErrors);
  return fieldErrors;
}

/** Also refuses a JSON body that is not an object (an array, a string, null), after the guards have run. */
class JsonObjectValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new FieldError({}, ['The request body must be a JSON object']);
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
