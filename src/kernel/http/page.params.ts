// The page parameters every cursor-paged list takes (GET /v1/pagos, GET /v1/merchants/me/cambios): limit 1-100,
// default 20, and the previous page's opaque nextCursor (DESIGN.md 5.10).
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { BodyProblems, Sent } from './validation.js';

const LIMIT_PROBLEM = 'limit must be a whole number from 1 to 100';
const CURSOR_PROBLEM = 'cursor is not valid: pass the nextCursor of the previous page as it is';

export class PageParams {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Matches(/^\d{1,3}$/, { message: LIMIT_PROBLEM })
  limit?: string;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'cursor is not valid' })
  cursor?: string;
}

/** The page size asked for, 20 when none (or refused: `problems` says why); a problem when it is outside 1-100. */
export function pageLimit(params: Sent<PageParams>, problems: BodyProblems): number {
  const sent = problems.text(params, 'limit');
  if (sent === undefined) return 20;
  const limit = Number(sent);
  if (!(limit >= 1 && limit <= 100)) problems.add('limit', LIMIT_PROBLEM);
  return limit;
}

// An instant as our cursors carry it (ISO 8601 from PostgreSQL or Date), in years PostgreSQL reads: a forged cursor
// with a year like +010000 is a 400 here, not PostgreSQL's "out of range" later.
const CURSOR_TIME = /^([1-9]\d{3})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-](\d{2})(:?\d{2})?)$/;

/**
 * The items of the cursor sent (base64url of a JSON array), checked one by one: `checks[i]` must hold of item i;
 * null when none was sent, or it was refused. A cursor that is not one is a problem on the field, and null: it is
 * opaque, so the only remedy is to pass the previous page's as it came.
 */
export function decodeCursor<T extends unknown[]>(
  params: Sent<PageParams>,
  problems: BodyProblems,
  checks: { [K in keyof T]: (item: unknown) => boolean },
): T | null {
  const value = problems.text(params, 'cursor');
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === checks.length && checks.every((check, i) => check(parsed[i]))) return parsed as T;
  } catch {
    // falls through to the problem
  }
  problems.add('cursor', CURSOR_PROBLEM);
  return null;
}

/** Date.parse takes a 30 February (it rolls over to March) and offsets up to 23:59; PostgreSQL refuses both ("out of
 * range": a 500), so a day past its month's end and an offset beyond 15:59 are not cursor times either. */
export function isCursorTime(item: unknown): boolean {
  const match = typeof item === 'string' ? CURSOR_TIME.exec(item) : null;
  if (!match || Number.isNaN(Date.parse(match[0]))) return false;
  const [, year, month, day, , , offsetHours] = match;
  const daysInMonth = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  return Number(day) <= daysInMonth && (offsetHours === undefined || Number(offsetHours) <= 15);
}
