// GET /v1/pagos query parameters (DESIGN.md 5.10) and the opaque page cursor.
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { rangeBound } from '../../../kernel/bogota.js';
import { FieldError } from '../../../kernel/errors.js';
import { ESTADOS, type Estado } from '../../domain/charge.js';
import type { ChargeFilter, PageCursor } from '../../application/ports/charge-views.port.js';

export class ListChargesParams {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Matches(/^\d{1,3}$/, { message: 'limit must be a whole number from 1 to 100' })
  limit?: string;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'cursor is not valid' })
  cursor?: string;

  @ApiPropertyOptional({ enum: ESTADOS })
  @IsOptional()
  @IsIn(ESTADOS, { message: `estado must be one of ${ESTADOS.join(', ')}` })
  estado?: Estado;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString()
  @MaxLength(120, { message: 'referencia must be at most 120 characters long' })
  referencia?: string;

  @ApiPropertyOptional({ description: 'Created on or after: a date (a whole day in America/Bogota) or an ISO 8601 date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'desde must be a date (YYYY-MM-DD) or an ISO 8601 date-time' })
  desde?: string;

  @ApiPropertyOptional({ description: 'Created before: a date (that whole day included, America/Bogota) or an ISO 8601 date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'hasta must be a date (YYYY-MM-DD) or an ISO 8601 date-time' })
  hasta?: string;
}

export const encodeCursor = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify([cursor.creadoEn, cursor.id])).toString('base64url');

function decodeCursor(value: string): PageCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [creadoEn, id] = parsed as [unknown, unknown];
      if (typeof creadoEn === 'string' && !Number.isNaN(Date.parse(creadoEn)) && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) {
        return { creadoEn, id };
      }
    }
  } catch {
    // falls through to the field error
  }
  throw FieldError.of('cursor', 'cursor is not valid: pass the nextCursor of the previous page as it is');
}

export function toListRequest(params: ListChargesParams): { filter: ChargeFilter; after: PageCursor | null; limit: number } {
  const limit = params.limit === undefined ? 20 : Number(params.limit);
  if (limit < 1 || limit > 100) throw FieldError.of('limit', 'limit must be a whole number from 1 to 100');
  const filter: ChargeFilter = {
    estado: params.estado,
    referencia: params.referencia,
    desde: params.desde ? rangeBound(params.desde, 'from') : undefined,
    hasta: params.hasta ? rangeBound(params.hasta, 'to') : undefined,
  };
  if (filter.desde && filter.hasta && filter.desde >= filter.hasta) throw FieldError.of('hasta', 'hasta must be after desde');
  return { filter, after: params.cursor ? decodeCursor(params.cursor) : null, limit };
}
