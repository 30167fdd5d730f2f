// GET /v1/pagos query parameters (DESIGN.md 5.10) and the opaque page cursor.
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { rangeBound } from '../../../kernel/bogota.js';
import { FieldError } from '../../../kernel/errors.js';
import { decodeCursor, isCursorTime, PageParams, pageLimit } from '../../../kernel/http/page.params.js';
import { isUuid } from '../../../kernel/uuid.js';
import { ESTADOS, type Estado } from '../../domain/charge.js';
import type { ChargeFilter, PageCursor } from '../../application/ports/charge-views.port.js';

const NOT_A_DATE = (field: 'desde' | 'hasta'): string => `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`;

export class ListChargesParams extends PageParams {
  @ApiPropertyOptional({ enum: ESTADOS })
  @IsOptional()
  @IsIn(ESTADOS, { message: `estado must be one of ${ESTADOS.join(', ')}` })
  estado?: Estado;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'referencia must be at most 120 characters long' })
  referencia?: string;

  @ApiPropertyOptional({ description: 'Created on or after: a date (a whole day in America/Bogota) or an ISO 8601 date-time (America/Bogota time when it has no offset)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: NOT_A_DATE('desde') })
  desde?: string;

  @ApiPropertyOptional({ description: 'Created before: a date (that whole day included, America/Bogota) or an ISO 8601 date-time (America/Bogota time when it has no offset)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: NOT_A_DATE('hasta') })
  hasta?: string;
}

export const encodeCursor = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify([cursor.creadoEn, cursor.id])).toString('base64url');

function afterCursor(value: string): PageCursor {
  const [creadoEn, id] = decodeCursor<[string, string]>(value, [isCursorTime, (item) => typeof item === 'string' && isUuid(item)]);
  return { creadoEn, id };
}

/** A range bound; a field error when it names no day (2026-02-30, or a week date like 2026-W05 that passes the ISO check). */
function bound(params: ListChargesParams, field: 'desde' | 'hasta'): Date | undefined {
  const value = params[field];
  if (!value) return undefined;
  const instant = rangeBound(value, field === 'desde' ? 'from' : 'to');
  if (!instant) throw FieldError.of(field, NOT_A_DATE(field));
  return instant;
}

export function toListRequest(params: ListChargesParams): { filter: ChargeFilter; after: PageCursor | null; limit: number } {
  const limit = pageLimit(params);
  const filter: ChargeFilter = { estado: params.estado, referencia: params.referencia, desde: bound(params, 'desde'), hasta: bound(params, 'hasta') };
  if (filter.desde && filter.hasta && filter.desde >= filter.hasta) throw FieldError.of('hasta', 'hasta must be after desde');
  return { filter, after: params.cursor ? afterCursor(params.cursor) : null, limit };
}
