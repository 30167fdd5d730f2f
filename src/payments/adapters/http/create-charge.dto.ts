// The charge creation request (spec "Charge creation request") and its rules beyond what decorators say.
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsObject, IsOptional, IsString, IsUUID, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import type { Config } from '../../../kernel/config.js';
import { containsCardNumber } from '../../../kernel/card-number.js';
import { FieldError } from '../../../kernel/errors.js';
import { CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { HTTPS_URL_PATTERN, MAX_URL_LENGTH, parseHttpsUrl } from '../../../merchants/domain/web-registration.js';
import type { ChargeRequest } from '../../application/create-charge/create-charge.command.js';
import { checkPagador } from '../../../checkout/domain/pagador.js';
import { PagadorDoc } from './pagador.doc.js';

const MONEDAS = ['COP', 'USD'] as const;

/** One message for an amount's one problem, a missing one included, so it is reported beside the other fields'. */
function amountProblem({ property, value }: ValidationArguments): string {
  if (value === undefined || value === null) return `${property} is required`;
  if (typeof value !== 'number') return `${property} must be a number, without quotes`;
  if (!Number.isInteger(value)) return `${property} must be a whole number (no decimals)`;
  return `${property} must be at least 1`;
}

const WholePesos = (): PropertyDecorator =>
  ValidateBy({
    name: 'wholePesos',
    validator: { validate: (value: unknown) => Number.isInteger(value) && (value as number) >= 1, defaultMessage: amountProblem },
  });

/**
 * A length in characters (code points), as the provider's schema and PostgreSQL count: class-validator's Length and
 * MaxLength do not count U+FE0E/U+FE0F (the emoji of ❤️), so 120 of those passed here and the provider refused the
 * charge, left creado and answering 503 to every retry.
 */
const Characters = (min: number, max: number, message: string): PropertyDecorator =>
  ValidateBy({
    name: 'characters',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && [...value].length >= min && [...value].length <= max,
      defaultMessage: () => message,
    },
  });

@CheckedBy(chargeRules)
export class CreateChargeBody {
  @ApiProperty({ format: 'uuid', description: 'Your own merchant id, from GET /v1/merchants/me.' })
  @IsDefined({ message: 'merchantId is required' })
  @IsUUID('all', { message: 'merchantId must be a UUID' })
  merchantId!: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    example: 150000,
    description: 'Amount in whole pesos: the plain peso figure, never multiplied by 100. Required (or its old name montoMinor).',
  })
  @ValidateIf((body: CreateChargeBody) => body.monto != null || body.montoMinor == null)
  @WholePesos()
  monto?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    deprecated: true,
    description: 'The name of monto until 4 October 2026; still accepted, same value (whole pesos). Use monto.',
  })
  @IsOptional()
  @WholePesos()
  montoMinor?: number | null;

  @ApiProperty({ enum: MONEDAS, description: 'Only COP is processed; USD is refused with 400.' })
  @IsDefined({ message: 'moneda is required' })
  @IsIn(MONEDAS, { message: 'moneda must be one of COP, USD' })
  moneda!: (typeof MONEDAS)[number];

  @ApiProperty({ minLength: 1, maxLength: 120, example: 'PED-1001', description: 'Your own order identifier. Never a card number (400).' })
  @IsDefined({ message: 'referencia is required' })
  @IsString({ message: 'referencia must be a string' })
  @Characters(1, 120, 'referencia must be 1 to 120 characters long')
  referencia!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Shown to the buyer on the payment screen. Never a card number (400).' })
  @IsOptional()
  @IsString({ message: 'descripcion must be a string' })
  @Characters(0, 255, 'descripcion must be at most 255 characters long')
  descripcion?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    pattern: HTTPS_URL_PATTERN,
    description: 'https only; your registered site domain or a subdomain. Omitted: the return page registered in Settings.',
  })
  @IsOptional()
  @IsString({ message: 'urlRetorno must be a string' })
  urlRetorno?: string | null;

  @ApiPropertyOptional({
    type: () => PagadorDoc,
    nullable: true,
    description: 'Payer data for own checkout (needs the mode enabled by the operator, else 409 own_checkout_not_enabled).',
  })
  @IsOptional()
  @IsObject({ message: 'pagador must be an object' })
  pagador?: Record<string, unknown> | null;
}

/**
 * The rules that need more than one field, or configuration: the alias, the currency, the cap, the URL, the payer.
 * Run by the validation pipe beside the decorators (CheckedBy), so one 400 names every problem of the body; a field
 * its decorators refused is not judged again.
 */
function chargeRules(body: Sent<CreateChargeBody>, problems: BodyProblems, { maxMonto }: Config): void {
  const { monto, montoMinor } = body;
  const montoOk = typeof monto === 'number' && !problems.alreadyRefused('monto');
  const minorOk = typeof montoMinor === 'number' && !problems.alreadyRefused('montoMinor');
  if (montoOk && minorOk && monto !== montoMinor) problems.add('montoMinor', 'montoMinor is the old name of monto; send only monto');
  // The cap is reported on the field that carried the amount: montoMinor's other problems are its own too.
  const amount = montoOk ? monto : minorOk && monto == null ? montoMinor : null;
  const field = montoOk ? 'monto' : 'montoMinor';
  if (amount !== null && amount > maxMonto) problems.add(field, `${field} must be at most ${maxMonto}`);
  if (body.moneda === 'USD') problems.add('moneda', 'only COP is processed for now');
  // Kept for good in the event store, shown to the buyer, sent in webhooks: a card number must never get there.
  for (const field of ['referencia', 'descripcion'] as const) {
    const text = body[field];
    if (typeof text === 'string' && !problems.alreadyRefused(field) && containsCardNumber(text)) {
      problems.add(field, `${field} must not contain a card number: the buyer types it on the payment page, never in your request`);
    }
  }
  if (typeof body.urlRetorno === 'string') {
    const check = parseHttpsUrl(body.urlRetorno, 'urlRetorno');
    if (!check.ok) problems.add('urlRetorno', check.problem);
  }
  if (body.pagador != null && !problems.alreadyRefused('pagador')) {
    const payer = checkPagador(body.pagador);
    if (!payer.ok) problems.addAll(payer.fieldErrors);
  }
}

/** The request of a body the validation pipe passed: `montoMinor` becomes `monto`, the payer is normalized. */
export function toChargeRequest(body: CreateChargeBody): ChargeRequest {
  const monto = body.monto ?? body.montoMinor;
  const payer = body.pagador == null ? undefined : checkPagador(body.pagador);
  // Only a body that skipped the pipe gets here with either (a unit test, a new route): still a 400, never a 500.
  if (monto == null) throw FieldError.of('monto', 'monto is required');
  if (payer && !payer.ok) throw new FieldError(payer.fieldErrors);
  return {
    merchantId: body.merchantId.toLowerCase(),
    monto,
    moneda: body.moneda,
    referencia: body.referencia,
    descripcion: body.descripcion ?? null,
    urlRetorno: body.urlRetorno ?? null,
    ...(payer?.ok ? { pagador: payer.pagador } : {}),
  };
}

/**
 * The Idempotency-Key header, checked as it is read: before the body's validation, as DESIGN.md 5.3 orders the checks.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  // Node joins repeated headers with ", ": two keys would silently become a third.
  const { rawHeaders } = request.raw;
  let sent = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'idempotency-key') sent++;
  if (sent > 1) throw new FieldError({}, ['Send one Idempotency-Key header, not several']);
  const value = request.headers['idempotency-key'];
  return checkIdempotencyKey(Array.isArray(value) ? value[0] : value);
});

/** 1-255 printable ASCII characters (DESIGN.md 5.3). */
export function checkIdempotencyKey(value: string | undefined): string {
  if (value === undefined || value === '') {
    throw new FieldError({}, ['The Idempotency-Key header is required: send one stable key per order']);
  }
  if (value.length > 255 || !/^[\x20-\x7e]+$/.test(value)) {
    throw new FieldError({}, ['Idempotency-Key must be 1 to 255 printable ASCII characters']);
  }
  return value;
}
