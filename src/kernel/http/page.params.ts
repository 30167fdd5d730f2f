// The page parameters every cursor-paged list takes (GET /v1/pagos, GET /v1/merchants/me/cambios): limit 1-100,
// default 20, and the previous page's opaque nextCursor (DESIGN.md 5.10).
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FieldError } from '../errors.js';

export class PageParams {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Matches(/^\d{1,3}$/, { message: 'limit must be a whole number from 1 to 100' })
  limit?: string;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'cursor is not valid' })
  cursor?: string;
}

/** The page size asked for, 20 when none. */
export function pageLimit(params: PageParams): number {
  const limit = params.limit === undefined ? 20 : Number(params.limit);
  if (limit < 1 || limit > 100) throw FieldError.of('limit', 'limit must be a whole number from 1 to 100');
  return limit;
}
