// POST /internal/conciliaciones: the operator imports the provider's settlement report (DESIGN.md 5.12b).
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { ImportSettlementReportCommand } from '../../application/import-settlement-report/import-settlement-report.command.js';
import { ConciliacionBody, ConciliacionResponse } from './conciliacion.dto.js';

@ApiTags('operator')
@Controller('internal/conciliaciones')
export class OperatorConciliacionesController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: "Import the provider's settlement report: matching aprobado charges become conciliado",
    description:
      'A line matches a charge when both its provider reference and its amount do. The answer lists every mismatch. ' +
      'Importing the same report again changes nothing (its charges are conciliado already) and says so.',
  })
  @ApiOkResponse({ type: ConciliacionResponse })
  async import(@Body() body: ConciliacionBody): Promise<ConciliacionResponse> {
    return this.commands.execute(new ImportSettlementReportCommand(body.reporte, OPERATOR));
  }
}
