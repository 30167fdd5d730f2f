// Operator route: turn own checkout on or off for a merchant (DESIGN.md 5.14). On the operator listener only.
import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';
import { OPERATOR } from '../../../kernel/actor.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import type { MerchantView } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { OperatorMerchantResponse } from '../../../operator/adapters/http/operator.dto.js';
import { SetOwnCheckoutCommand } from '../../application/set-own-checkout/set-own-checkout.command.js';

export class OwnCheckoutBody {
  @ApiProperty({ description: 'true: the merchant may send pagador in POST /v1/pagos; false: it may not.' })
  @IsDefined({ message: 'habilitado is required' })
  @IsBoolean({ message: 'habilitado must be true or false' })
  habilitado!: boolean;
}

@ApiTags('operator')
@Controller('internal/merchants')
export class OwnCheckoutOperatorController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id/checkout-propio')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enable or disable own checkout (pagador in POST /v1/pagos) for a merchant' })
  @ApiOkResponse({ type: OperatorMerchantResponse })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  set(@Param('id', new UuidOr404Pipe('Merchant')) id: string, @Body() body: OwnCheckoutBody): Promise<MerchantView> {
    return this.commands.execute(new SetOwnCheckoutCommand(id, body.habilitado, OPERATOR));
  }
}
