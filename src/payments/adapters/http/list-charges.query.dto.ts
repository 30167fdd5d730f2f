// GET /v1/pagos query parameters (DESIGN.md 5.10) and the opaque page cursor.
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { rangeBound } from '../../../kernel/bogota.js';
import { decodeCursor, isCursorTime, PageParams, pageLimit } from '../../../kernel/http/page.params.js';
import { checked, CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { isUuid } from '../../../kernel/uuid.js';
import { ESTADOS, type Estado } from '../../domain/charge.js';
import type { ChargeFilter, PageCursor } from '../../application/ports/charge-views.port.js';

/** The + of an offset sent unencoded (`+00:00`, from Python's isoformat) arrives as a space: then say so. */
const NOT_A_DATE = (field: 'desde' | 'hasta', value?: unknown): string =>
  `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time` +
  (typeof value === 'string' && /\d{2}:\d{2}(:\d{2}([.,]\d+)?)? \d{2}(:?\d{2})?$/.test(value) ? ' (a + in a URL arrives as a space: send it as %2B)' : '');

@CheckedBy(listRules)
export class ListChargesParams extends PageParams {
  @ApiPropertyOptional({ enum: ESTADOS })
  @IsOptional()
  @IsIn(ESTADOS, { message: `estado must be one of ${ESTADOS.join(', ')}` })
  estado?: Estado;

  @ApiPropertyOptional({
    maxLength: 120,
    description:
      'Only the charges whose referencia is exactly this text: case-sensitive (PED-1 finds no ped-1), ' +
      'no prefix or partial match, spaces not trimmed. Left empty, it filters nothing.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'referencia must be at most 120 characters long' })
  referencia?: string;

  @ApiPropertyOptional({ description: 'Created on or after: a date (a whole day in America/Bogota) or an ISO 8601 date-time (America/Bogota time when it has no offset)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: ({ value }) => NOT_A_DATE('desde', value) })
  desde?: string;

  @ApiPropertyOptional({ description: 'Created before: a date (that whole day included, America/Bogota) or an ISO 8601 date-time (America/Bogota time when it has no offset)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: ({ value }) => NOT_A_DATE('hasta', value) })
  hasta?: string;
}

export const encodeCursor = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify([cursor.creadoEn, cursor.id])).toString('base64url');

export interface ListRequest {
  filter: ChargeFilter;
  after: PageCursor | null;
  limit: number;
}

/** A range bound; a problem when it names no day (2026-02-30, or a week date like 2026-W05 that passes the ISO check). */
function bound(params: Sent<ListChargesParams>, field: 'desde' | 'hasta', problems: BodyProblems): Date | undefined {
  const value = problems.text(params, field);
  if (!value) return undefined;
  const instant = rangeBound(value, field === 'desde' ? 'from' : 'to');
  if (!instant) problems.add(field, NOT_A_DATE(field, value));
  return instant ?? undefined;
}

/**
 * What the fields' decorators cannot say: limit's range, the days desde and hasta name and their order, the cursor.
 * Each is judged when its fields were not refused, every problem added to `problems`.
 */
function readList(params: Sent<ListChargesParams>, problems: BodyProblems): { limit: number; after: PageCursor | null; desde?: Date; hasta?: Date } {
  const limit = pageLimit(params, problems);
  const desde = bound(params, 'desde', problems);
  const hasta = bound(params, 'hasta', problems);
  if (desde && hasta && desde >= hasta) problems.add('hasta', 'hasta must be after desde');
  const cursor = decodeCursor<[string, string]>(params, problems, [isCursorTime, (item) => typeof item === 'string' && isUuid(item)]);
  return { limit, desde, hasta, after: cursor && { creadoEn: cursor[0], id: cursor[1] } };
}

/** Run by the validation pipe beside the decorators (CheckedBy), so one 400 names every problem of the query. */
function listRules(params: Sent<ListChargesParams>, problems: BodyProblems): void {
  readList(params, problems);
}

/**
 * The request of a query: its rules are checked again here (a 400 with all of them), so a caller the pipe did not
 * check (the portal's filters, `fieldErrors` being its decorators' problems) gets the same answers.
 */
export function toListRequest(params: ListChargesParams, fieldErrors: Record<string, string[]> = {}): ListRequest {
  const { limit, desde, hasta, after } = checked((problems) => readList(params, problems), fieldErrors);
  return { filter: { estado: params.estado, referencia: params.referencia, desde, hasta }, after, limit };
}
