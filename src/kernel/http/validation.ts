// The ValidationPipe that answers the spec's validation body: {statusCode: 400, message: {formErrors, fieldErrors}}.
import { ValidationPipe, type ArgumentMetadata, type PipeTransform, type ValidationError } from '@nestjs/common';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { FieldError } from '../errors.js';

/** Rules on a value's type: when one fails, the others (a length, a range) say nothing the client can act on. */
const TYPE_RULES = new Set(['isString', 'isNumber', 'isInt', 'isBoolean', 'isObject', 'isArray']);

/** A missing value is named as such, a value of another type by its type alone; otherwise every broken rule. */
function messagesOf(property: string, constraints: Record<string, string>): string[] {
  const rules = Object.keys(constraints);
  const typeRules = rules.filter((rule) => TYPE_RULES.has(rule));
  const shown = rules.includes('isDefined') ? ['isDefined'] : typeRules.length > 0 ? typeRules : rules;
  return shown.map((rule) => (rule === 'whitelistValidation' ? `${property} is not a known field` : (constraints[rule] ?? rule)));
}

function collect(errors: ValidationError[], prefix: string, into: Record<string, string[]>): void {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) {
      const messages = messagesOf(error.property, error.constraints);
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

/** What one walk over a body or a query finds before the pipe runs. */
interface SentProblems {
  /** Nested past MAX_DEPTH: the walk stopped there, and this alone is answered. */
  tooDeep: boolean;
  /** Text PostgreSQL cannot store, by field. */
  unstorable: Record<string, string[]>;
  /** Fields named like built-ins, by field (found only when `shadowing` was asked). */
  shadowing: Record<string, string[]>;
}

/**
 * One walk over a body or a query, for two kinds of problem the pipe would not name:
 * - Text PostgreSQL cannot store (the NUL character) or that is not Unicode (half of a surrogate pair, which `\ud800`
 *   in JSON can carry) is a field error here rather than the database's error later; so is a body nested past
 *   MAX_DEPTH.
 * - Fields the pipe would drop without a word, so `forbidNonWhitelisted` never sees them (with `shadowing`): Nest's
 *   ValidationPipe deletes every `constructor` and `prototype` key before validating (at any depth, from the body the
 *   rules see too), and class-transformer skips a key that names an inherited function (`toString`,
 *   `hasOwnProperty`, ...). No field of ours has such a name, so each is named here as any unknown field is
 *   (DESIGN.md 5.2), before the pipe runs; what lies under such a key is still checked for text, not for names.
 */
function inspectSent(value: unknown, shadowing: boolean): SentProblems {
  const found: SentProblems = { tooDeep: false, unstorable: {}, shadowing: {} };
  /** False once too deep: nothing further is looked at. */
  const walk = (node: unknown, path: string, depth: number, namesToo: boolean): boolean => {
    if (typeof node === 'string') {
      if (node.includes('\0') || !node.isWellFormed()) {
        found.unstorable[path || 'body'] = [`${path || 'the value'} must not contain the NUL character or an unpaired surrogate`];
      }
      return true;
    }
    if (typeof node !== 'object' || node === null) return true;
    if (depth >= MAX_DEPTH) return false;
    const array = Array.isArray(node);
    for (const [key, inner] of Object.entries(node)) {
      const at = array ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      const builtIn = namesToo && !array && (key === 'prototype' || key in Object.prototype);
      // defineProperty: a `__proto__` (a query may carry one) must be a field of its own, not the object's prototype.
      if (builtIn) Object.defineProperty(found.shadowing, at, { value: [`${key} is not a known field`], enumerable: true, writable: true, configurable: true });
      if (!walk(inner, at, depth + 1, namesToo && !builtIn)) return false;
    }
    return true;
  };
  found.tooDeep = !walk(value, '', 0, shadowing);
  return found;
}

/** A body or a query as sent: any field may be missing or of any type, whatever its class declares. */
export type Sent<T> = { readonly [K in keyof T]?: unknown };

/**
 * The problems of one body (or query): those of its fields' own decorators first, then those its class's rules add.
 * A field its decorators refused (a type error, a missing value) keeps their message alone: its value may be of any
 * type, so the rules do not judge it again, and what they would add about it is dropped.
 */
export class BodyProblems {
  private readonly refused: ReadonlySet<string>;
  private readonly formErrors: string[] = [];

  constructor(private readonly fieldErrors: Record<string, string[]>) {
    this.refused = new Set(Object.keys(fieldErrors));
  }

  /** True when the field's own decorators refused it (its type, its length, an unknown field): not judged again. */
  alreadyRefused(field: string): boolean {
    return this.refused.has(field);
  }

  /** The field's value when it is text its decorators did not refuse: what a rule may judge; otherwise undefined. */
  text(sent: Readonly<Record<string, unknown>>, field: string): string | undefined {
    const value = sent[field];
    return typeof value === 'string' && !this.refused.has(field) ? value : undefined;
  }

  add(field: string, message: string): void {
    if (this.refused.has(field)) return;
    const messages = (this.fieldErrors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }

  addAll(fieldErrors: Record<string, string[]>): void {
    for (const [field, messages] of Object.entries(fieldErrors)) for (const message of messages) this.add(field, message);
  }

  form(message: string): void {
    this.formErrors.push(message);
  }

  /** One FieldError with every problem, or null when there is none. */
  error(): FieldError | null {
    const any = this.formErrors.length > 0 || Object.keys(this.fieldErrors).length > 0;
    return any ? new FieldError(this.fieldErrors, this.formErrors) : null;
  }
}

/**
 * A body's (or a query's) rules beyond its fields' decorators: those across fields, on configuration or on today's
 * date (`now`, the clock's, read once per request). They see the request as sent and add what they find to
 * `problems`, so one 400 names every problem of the body or the query.
 */
export type BodyRules<T> = (body: Sent<T>, problems: BodyProblems, config: Config, now: Date) => void;

const RULES = Symbol('body rules');

/**
 * Runs `rules` on every body or query (`@Body()`, `@Query()`) of this class, after its decorators and before the
 * handler, in the one 400.
 */
export function CheckedBy<T>(rules: BodyRules<T>): (target: abstract new (...args: never[]) => T) => void {
  return (target) => {
    Object.defineProperty(target, RULES, { value: rules });
  };
}

function rulesOf(metatype: unknown): BodyRules<unknown> | undefined {
  return typeof metatype === 'function' ? (metatype as { [RULES]?: BodyRules<unknown> })[RULES] : undefined;
}

/**
 * Runs a class's rules where the pipe does not (a handler's own check, the portal's filters): `check`'s result, or
 * one FieldError with every problem, those of `fieldErrors` (the decorators') first.
 */
export function checked<R>(check: (problems: BodyProblems) => R, fieldErrors: Record<string, string[]> = {}): R {
  const problems = new BodyProblems({ ...fieldErrors });
  const result = check(problems);
  const error = problems.error();
  if (error) throw error;
  return result;
}

/**
 * A body checked by the route rather than by the pipe, so that the problems of its path (a date in it) are named in
 * the same 400 as the body's: the route takes the body as sent (`@Body() body: unknown`, which the pipe refuses
 * before this only when it is not an object or holds text no database keeps) and the pipe's checks run here.
 * `pathProblems` are by field, the path's names; they come after the body's.
 */
export async function checkedWithPath<T>(
  pipe: PipeTransform,
  metatype: abstract new (...args: never[]) => T,
  body: unknown,
  pathProblems: Record<string, string[]>,
): Promise<T> {
  let checkedBody: T | undefined;
  let fieldErrors: Record<string, string[]> = {};
  try {
    checkedBody = (await pipe.transform(body, { type: 'body', metatype: metatype as never, data: undefined })) as T;
  } catch (error) {
    if (!(error instanceof FieldError) || error.formErrors.length > 0) throw error;
    fieldErrors = { ...error.fieldErrors };
  }
  for (const [field, messages] of Object.entries(pathProblems)) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages];
  if (Object.keys(fieldErrors).length > 0) throw new FieldError(fieldErrors);
  return checkedBody as T;
}

/**
 * A query parameter sent more than once (`?estado=aprobado&estado=fallido`) arrives as an array, which the field's
 * rules refuse with a message about its values (`estado must be one of …`) that is untrue: each value may be valid.
 * Every query field of ours takes one value, so a refused field sent more than once is named for that alone.
 * An unknown field keeps its own message.
 */
function sentOnce(query: unknown, error: FieldError): FieldError {
  if (typeof query !== 'object' || query === null) return error;
  const fieldErrors = { ...error.fieldErrors };
  let changed = false;
  for (const [field, sent] of Object.entries(query)) {
    const messages = fieldErrors[field];
    if (!Array.isArray(sent) || !messages || messages.includes(`${field} is not a known field`)) continue;
    fieldErrors[field] = [`${field} is accepted once: send it once`];
    changed = true;
  }
  return changed ? new FieldError(fieldErrors, error.formErrors) : error;
}

/**
 * Also refuses, after the guards have run, a JSON body that is not an object (an array, a string, null), and text
 * a database cannot keep in the body or the query; and runs a body or query class's rules (CheckedBy) beside its
 * decorators.
 */
class JsonObjectValidationPipe extends ValidationPipe {
  constructor(
    private readonly config: Config,
    private readonly clock: Clock,
    options: ConstructorParameters<typeof ValidationPipe>[0],
  ) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'body' && metadata.type !== 'query') return super.transform(value, metadata);
    const sent = inspectSent(value, this.toValidate(metadata));
    if (Object.keys(sent.shadowing).length === 0) return this.transformChecked(value, metadata, sent);
    // One 400 names every problem: the fields the pipe would have dropped beside those it finds (the body's own rules'
    // included), unless the request as a whole is refused (nested too deep, a body that is not an object).
    try {
      await this.transformChecked(value, metadata, sent);
    } catch (error) {
      if (!(error instanceof FieldError) || sent.tooDeep || !isPlainObject(value)) throw error;
      throw new FieldError({ ...error.fieldErrors, ...sent.shadowing }, error.formErrors);
    }
    throw new FieldError(sent.shadowing);
  }

  private async transformChecked(value: unknown, metadata: ArgumentMetadata, sent: SentProblems): Promise<unknown> {
    if (metadata.type !== 'query') return this.transformOnce(value, metadata, sent);
    try {
      return await this.transformOnce(value, metadata, sent);
    } catch (error) {
      throw error instanceof FieldError ? sentOnce(value, error) : error;
    }
  }

  private async transformOnce(value: unknown, metadata: ArgumentMetadata, sent: SentProblems): Promise<unknown> {
    if (metadata.type === 'body' && value !== undefined && !isPlainObject(value)) {
      throw new FieldError({}, ['The request body must be a JSON object']);
    }
    if (sent.tooDeep) throw new FieldError({}, [`The request ${metadata.type} is nested more than ${MAX_DEPTH} levels deep`]);
    if (Object.keys(sent.unstorable).length > 0) throw new FieldError(sent.unstorable);
    const rules = rulesOf(metadata.metatype);
    if (!rules) return super.transform(value, metadata);

    let checked: unknown;
    let fieldErrors: Record<string, string[]> = {};
    try {
      checked = await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof FieldError) || error.formErrors.length > 0) throw error;
      fieldErrors = error.fieldErrors;
    }
    const problems = new BodyProblems(fieldErrors);
    rules((value ?? {}) as Sent<unknown>, problems, this.config, this.clock.now());
    const error = problems.error();
    if (error) throw error;
    return checked;
  }
}

const isPlainObject = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value);

export function validationPipe(config: Config, clock: Clock): ValidationPipe {
  return new JsonObjectValidationPipe(config, clock, {
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
