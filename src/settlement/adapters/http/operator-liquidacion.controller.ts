// GET /internal/pagos/{id}/liquidacion: the operator's door to a charge's settlement line, any merchant's, the same
// answer as the merchant's GET /v1/pagos/{id}/liquidacion (to answer a shop about a payout).
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFound } from '../../../kernel/errors.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { GetSettlementQuery } from '../../application/get-settlement/get-settlement.query.js';
import { LiquidacionResponse } from './liquidacion.response.js';

@ApiTags('operator')
@Controller('internal/pagos')
export class OperatorLiquidacionController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/liquidacion')
  @ApiOperation({ summary: "A charge's settlement line, as its merchant reads it (GET /v1/pagos/{id}/liquidacion)" })
  @ApiOkResponse({ type: LiquidacionResponse })
  @ApiNotFoundResponse({ description: 'No such charge.' })
  @ApiConflictResponse({ description: 'Not approved (creado, pendiente, fallido): code settlement_not_available' })
  async get(@Param('id', new UuidOr404Pipe('Charge')) id: string): Promise<LiquidacionResponse> {
    const view = await this.queries.execute(new GetSettlementQuery(null, id));
    if (!view) throw new NotFound('Charge');
    return LiquidacionResponse.of(view);
  }
}
