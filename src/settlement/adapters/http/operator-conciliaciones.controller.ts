// POST /internal/conciliaciones: the operator imports the provider's settlement report (DESIGN.md 5.12b); GET lists
// the imports recorded and answers one of them again, as it was answered.
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { FieldError, NotFound } from '../../../kernel/errors.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { ValidationErrorResponse } from '../../../merchants/adapters/http/error.response.js';
import { GetReportImportQuery } from '../../application/get-report-import/get-report-import.query.js';
import { ListReportImportsQuery } from '../../application/list-report-imports/list-report-imports.query.js';
import { GetProviderReportQuery } from '../../application/get-provider-report/get-provider-report.query.js';
import { ImportSettlementReportCommand } from '../../application/import-settlement-report/import-settlement-report.command.js';
import { ConciliacionBody, ConciliacionResponse, REPORT_BODY_LIMIT_BYTES } from './conciliacion.dto.js';
import { calendarDateProblem } from '../../../kernel/calendar-date.js';
import { encodeImportCursor, ImportacionPageResponse, ImportacionResumenResponse, ListImportsParams, toImportsRequest } from './importaciones.dto.js';

@ApiTags('operator')
@Controller('internal/conciliaciones')
export class OperatorConciliacionesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @RouteConfig({ bodyLimit: REPORT_BODY_LIMIT_BYTES })
  @HttpCode(200)
  @ApiOperation({
    summary: "Import the provider's settlement report: matching aprobado charges become conciliado",
    description:
      'A line matches a charge when both its provider reference and its amount do. The answer lists every mismatch, ' +
      'and apart (observaciones) every line that reconciled on another day than the charge was approved. ' +
      'Importing the same report again changes nothing (its charges are conciliado already) and says so.',
  })
  @ApiOkResponse({ type: ConciliacionResponse })
  async import(@Body() body: ConciliacionBody): Promise<ConciliacionResponse> {
    return this.commands.execute(new ImportSettlementReportCommand(body.reporte, OPERATOR));
  }

  @Get('reportes/:fecha')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({
    summary: "The provider's settlement report of a value date (America/Bogota), as CSV",
    description: 'Every payment the provider approved that day: what POST /internal/conciliaciones takes, as it is.',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'referencia_proveedor,monto,fecha and one row per payment' })
  @ApiConflictResponse({ description: 'The provider refused that date (provider_report_refused): a report it has not made yet' })
  @ApiServiceUnavailableResponse({ description: 'The provider did not answer (gateway_unavailable): ask again' })
  async report(@Param('fecha') fecha: string): Promise<string> {
    const dateProblem = calendarDateProblem('fecha', fecha);
    if (dateProblem) throw FieldError.of('fecha', dateProblem);
    return this.queries.execute(new GetProviderReportQuery(fecha));
  }

  @Get()
  @ApiOperation({
    summary: 'The settlement report imports recorded, newest first, each with what it found (counts)',
    description:
      'Paged like GET /v1/pagos (limit 1-100, default 20; cursor: the previous page\'s nextCursor). ' +
      'conHallazgos=true keeps the imports with a line in diferencias or in observaciones.',
  })
  @ApiOkResponse({ type: ImportacionPageResponse })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'limit outside 1-100, conHallazgos not true or false, or a cursor not given by a previous page.' })
  async list(@Query() params: ListImportsParams): Promise<ImportacionPageResponse> {
    const { filter, after, limit } = toImportsRequest(params);
    const page = await this.queries.execute(new ListReportImportsQuery(filter, after, limit));
    return { data: page.data.map(ImportacionResumenResponse.of), nextCursor: page.next ? encodeImportCursor(page.next) : null };
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One import: the answer POST /internal/conciliaciones gave, as it was recorded then',
    description: 'An import recorded before observaciones existed has none (the day of a line was not compared then).',
  })
  @ApiOkResponse({ type: ConciliacionResponse })
  @ApiNotFoundResponse({ description: 'No such import.' })
  async one(@Param('id', new UuidOr404Pipe('Import')) id: string): Promise<ConciliacionResponse> {
    const result = await this.queries.execute(new GetReportImportQuery(id));
    if (!result) throw new NotFound('Import');
    return result;
  }
}
