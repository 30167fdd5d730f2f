// The operator's refund (POST /internal/pagos/{id}/reembolso): the spec's "refund by the service operator", made on
// the merchant's request from the operator's console. Full amount, through the provider, no webhook.
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { OPERATOR } from '../../../kernel/actor.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import { RefundChargeCommand } from '../../application/refund-charge/refund-charge.command.js';

export class ReembolsoResponse {
  @ApiProperty({ format: 'uuid' })
  pagoId!: string;

  @ApiProperty({ enum: ['reembolsado'] })
  estado!: 'reembolsado';

  @ApiProperty({ type: 'integer', description: 'The whole amount: refunds are full' })
  monto!: number;

  @ApiProperty({ format: 'date-time' })
  reembolsadoEn!: string;

  @ApiProperty({ description: "The provider's id of the refund (internal: never shown to merchants)" })
  referenciaReembolso!: string;

  @ApiProperty({ description: 'True when the charge was refunded before: this call changed nothing' })
  yaReembolsado!: boolean;
}

@ApiTags('operator')
@Controller('internal/pagos')
export class RefundController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/reembolso')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Refund a charge in full through the provider: aprobado or conciliado -> reembolsado (no webhook)',
    description: 'A second refund changes nothing and answers the first (yaReembolsado: true).',
  })
  @ApiOkResponse({ type: ReembolsoResponse })
  @ApiNotFoundResponse({ description: 'No such charge' })
  @ApiConflictResponse({ description: 'Not aprobado nor conciliado (code invalid_state), or the provider refused (refund_refused_by_provider)' })
  @ApiServiceUnavailableResponse({ description: 'The provider did not answer (gateway_unavailable): retry, it will not refund twice' })
  async refund(
    @Param('id', new UuidOr404Pipe('Charge')) id: string,
    @Body(new NoBodyPipe('A refund is always of the whole charge: send no body')) _body: undefined,
  ): Promise<ReembolsoResponse> {
    const result = await this.commands.execute(new RefundChargeCommand(id, OPERATOR, randomUUID()));
    return {
      pagoId: result.chargeId,
      estado: 'reembolsado',
      monto: result.monto,
      reembolsadoEn: result.refundedAt,
      referenciaReembolso: result.providerRefundId,
      yaReembolsado: !result.refundedNow,
    };
  }
}
