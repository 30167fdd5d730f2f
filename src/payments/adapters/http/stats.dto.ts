// GET /v1/pagos/stats (DESIGN.md 5.11): parameters and answer. Dates are Bogota calendar days, both ends included.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { bogotaDate } from '../../../kernel/bogota.js';
import type { Config } from '../../../kernel/config.js';
import { checked, CheckedBy, type BodyProblems, type Sent } from '../../../kernel/http/validation.js';
import { daysBetween } from '../../application/charge-stats/periods.js';
import type { ChargeStats } from '../../application/charge-stats/charge-stats.query.js';
import type { PeriodUnit } from '../../application/ports/charge-stats.port.js';
import { FIRST_DAY, isCalendarDate } from '../../../kernel/calendar-date.js';

export const PERIODOS = ['dia', 'semana', 'mes'] as const;
export type Periodo = (typeof PERIODOS)[number];
const UNIT: Record<Periodo, PeriodUnit> = { dia: 'day', semana: 'week', mes: 'month' };

/** Two years of days: a long enough range for any report, short enough to answer at once. */
export const MAX_STATS_DAYS = 731;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

@CheckedBy(statsRules)
export class StatsParams {
  @ApiPropertyOptional({ format: 'date', description: 'First day (America/Bogota); default: the 1st of the month of hasta' })
  @IsOptional()
  @Matches(DATE, { message: 'desde must be a date, YYYY-MM-DD' })
  desde?: string;

  @ApiPropertyOptional({ format: 'date', description: `Last day, included (America/Bogota); default: today. On or after desde; the range, both days included, spans at most ${MAX_STATS_DAYS} days` })
  @IsOptional()
  @Matches(DATE, { message: 'hasta must be a date, YYYY-MM-DD' })
  hasta?: string;

  @ApiPropertyOptional({ enum: PERIODOS, default: 'dia', description: 'Weeks start on Monday' })
  @IsOptional()
  @IsIn(PERIODOS, { message: 'periodo must be one of dia, semana, mes' })
  periodo?: Periodo;
}

export interface StatsRequest {
  desde: string;
  hasta: string;
  periodo: Periodo;
  unit: PeriodUnit;
}

/**
 * The range asked for, with its defaults (hasta today, desde the 1st of hasta's month): calendar days from FIRST_DAY,
 * in order, at most MAX_STATS_DAYS. Each is judged when its field was not refused, every problem added to `problems`.
 */
function readStats(params: Sent<StatsParams>, now: Date, problems: BodyProblems): StatsRequest {
  const sentHasta = problems.text(params, 'hasta');
  const sentDesde = problems.text(params, 'desde');
  const periodo = (params.periodo ?? 'dia') as Periodo;
  if (!PERIODOS.includes(periodo)) problems.add('periodo', 'periodo must be one of dia, semana, mes');
  // A refused hasta (or desde) is not judged again, nor is what depends on it: desde's default, the order, the span.
  const hasta = params.hasta === undefined ? bogotaDate(now) : sentHasta;
  const hastaOk = hasta !== undefined && isCalendarDate(hasta);
  const firstOfMonth = hastaOk ? `${hasta.slice(0, 7)}-01` : undefined;
  const desde = params.desde === undefined ? firstOfMonth : sentDesde;
  const desdeOk = desde !== undefined && isCalendarDate(desde);
  if (desde !== undefined && !desdeOk) problems.add('desde', `desde is not a calendar date from ${FIRST_DAY} on`);
  if (hasta !== undefined && !hastaOk) problems.add('hasta', `hasta is not a calendar date from ${FIRST_DAY} on`);
  else if (desdeOk && hastaOk && params.hasta === undefined) {
    // hasta left to its default (today): the field the client sent, and must fix, is desde.
    if (desde > hasta) problems.add('desde', `desde must be on or before today (${hasta}) when hasta is not sent`);
    else if (daysBetween(desde, hasta) > MAX_STATS_DAYS) problems.add('desde', `desde may be at most ${MAX_STATS_DAYS} days before today (${hasta}) when hasta is not sent`);
  } else if (desdeOk && hastaOk && desde > hasta) problems.add('hasta', 'hasta must be on or after desde');
  else if (desdeOk && hastaOk && daysBetween(desde, hasta) > MAX_STATS_DAYS) problems.add('hasta', `the range may span at most ${MAX_STATS_DAYS} days`);
  return { desde: desde ?? '', hasta: hasta ?? '', periodo, unit: UNIT[periodo] };
}

/**
 * Run by the validation pipe beside the decorators (CheckedBy), with the clock's today for the defaults, so one 400
 * names every problem of the query.
 */
function statsRules(params: Sent<StatsParams>, problems: BodyProblems, _config: Config, now: Date): void {
  readStats(params, now, problems);
}

/** The request of a query; its rules are checked again here, with `now` (a 400 with all of them if any fails). */
export function toStatsRequest(params: StatsParams, now: Date): StatsRequest {
  return checked((problems) => readStats(params, now, problems));
}

export class EstadoTotalsResponse {
  @ApiProperty({ type: 'integer' })
  cantidad!: number;

  @ApiProperty({ type: 'integer', description: 'Sum of monto, whole pesos' })
  monto!: number;
}

/** Every estado of the spec, with zeros where there is none. */
export class PorEstadoResponse {
  @ApiProperty({ type: EstadoTotalsResponse })
  creado!: EstadoTotalsResponse;

  @ApiProperty({ type: EstadoTotalsResponse })
  pendiente!: EstadoTotalsResponse;

  @ApiProperty({ type: EstadoTotalsResponse })
  aprobado!: EstadoTotalsResponse;

  @ApiProperty({ type: EstadoTotalsResponse })
  fallido!: EstadoTotalsResponse;

  @ApiProperty({ type: EstadoTotalsResponse })
  conciliado!: EstadoTotalsResponse;

  @ApiProperty({ type: EstadoTotalsResponse })
  reembolsado!: EstadoTotalsResponse;
}

export class TotalsResponse extends EstadoTotalsResponse {
  @ApiProperty({ type: PorEstadoResponse })
  porEstado!: PorEstadoResponse;
}

export class PeriodTotalsResponse extends TotalsResponse {
  @ApiProperty({ format: 'date', description: 'Start of the period (a Monday for weeks, the 1st for months)' })
  periodo!: string;

  @ApiProperty({ format: 'date', description: 'First day of the period inside the range' })
  desde!: string;

  @ApiProperty({ format: 'date', description: 'Last day of the period inside the range' })
  hasta!: string;
}

export class StatsResponse {
  @ApiProperty({ format: 'date' })
  desde!: string;

  @ApiProperty({ format: 'date' })
  hasta!: string;

  @ApiProperty({ enum: PERIODOS })
  periodo!: Periodo;

  @ApiProperty({ example: 'America/Bogota' })
  zonaHoraria!: string;

  @ApiProperty({ example: 'COP' })
  moneda!: string;

  @ApiProperty({ type: TotalsResponse })
  total!: TotalsResponse;

  @ApiProperty({ type: [PeriodTotalsResponse] })
  periodos!: PeriodTotalsResponse[];

  static of(request: StatsRequest, stats: ChargeStats): StatsResponse {
    return {
      desde: request.desde,
      hasta: request.hasta,
      periodo: request.periodo,
      zonaHoraria: 'America/Bogota',
      moneda: 'COP',
      total: stats.total,
      periodos: stats.periodos,
    };
  }
}
