// GET /v1/pagos/{id}/liquidacion: how much of a charge reaches the merchant, and when (DESIGN.md 5.12).
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFound } from '../../../kernel/errors.js';
import type { Principal } from '../../../kernel/principal.js';
import { CurrentPrincipal, MerchantAuth } from '../../../merchants/adapters/http/auth.js';
import { ErrorResponse } from '../../../merchants/adapters/http/error.response.js';
import { GetSettlementQuery } from '../../application/get-settlement/get-settlement.query.js';
import { LiquidacionResponse } from './liquidacion.response.js';

@ApiTags('pagos')
@MerchantAuth()
@Controller('v1/pagos')
export class LiquidacionController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/liquidacion')
  @ApiOperation({
    summary: 'How much of a charge reaches the merchant, and when',
    description:
      'Gross, fee and its IVA, withholdings (card payments only), net, estimated payout date (next Colombian business day ' +
      'after the approval, America/Bogota) and state: programada, liquidada (the payout day is over), revertida (refunded).',
  })
  @ApiOkResponse({ type: LiquidacionResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: "Missing, or not this merchant's" })
  @ApiConflictResponse({ type: ErrorResponse, description: 'Not approved (creado, pendiente, fallido): code settlement_not_available' })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<LiquidacionResponse> {
    const view = await this.queries.execute(new GetSettlementQuery(principal.merchantId, id));
    if (!view) throw new NotFound('Charge');
    return LiquidacionResponse.of(view);
  }
}
