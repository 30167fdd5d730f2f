// POST /internal/conciliaciones: the operator imports the provider's settlement report (DESIGN.md 5.12b).
import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { FieldError } from '../../../kernel/errors.js';
import { GetProviderReportQuery } from '../../application/get-provider-report/get-provider-report.query.js';
import { ImportSettlementReportCommand } from '../../application/import-settlement-report/import-settlement-report.command.js';
import { ConciliacionBody, ConciliacionResponse } from './conciliacion.dto.js';
import { isCalendarDate } from '../../../kernel/calendar-date.js';

@ApiTags('operator')
@Controller('internal/conciliaciones')
export class OperatorConciliacionesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
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
  async report(@Param('fecha') fecha: string): Promise<string> {
    if (!isCalendarDate(fecha)) {
      throw FieldError.of('fecha', 'fecha must be a date, YYYY-MM-DD');
    }
    return this.queries.execute(new GetProviderReportQuery(fecha));
  }
}
