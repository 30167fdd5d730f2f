// GET /v1/pagos query parameters (DESIGN.md 5.10) and the opaque page cursor.
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { rangeBound } from '../../../kernel/bogota.js';
import { FieldError } from '../../../kernel/errors.js';
import { decodeCursor, isCursorTime, PageParams, pageLimit } from '../../../kernel/http/page.params.js';
import { isUuid } from '../../../kernel/uuid.js';
import { ESTADOS, type Estado } from '../../domain/charge.js';
import type { ChargeFilter, PageCursor } from '../../application/ports/charge-views.port.js';

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

function afterCursor(value: string): PageCursor {
  const [creadoEn, id] = decodeCursor<[string, string]>(value, [isCursorTime, (item) => typeof item === 'string' && isUuid(item)]);
  return { creadoEn, id };
}

export function toListRequest(params: ListChargesParams): { filter: ChargeFilter; after: PageCursor | null; limit: number } {
  const limit = pageLimit(params);
  const filter: ChargeFilter = {
    estado: params.estado,
    referencia: params.referencia,
    desde: params.desde ? rangeBound(params.desde, 'from') : undefined,
    hasta: params.hasta ? rangeBound(params.hasta, 'to') : undefined,
  };
  if (filter.desde && filter.hasta && filter.desde >= filter.hasta) throw FieldError.of('hasta', 'hasta must be after desde');
  return { filter, after: params.cursor ? afterCursor(params.cursor) : null, limit };
}
