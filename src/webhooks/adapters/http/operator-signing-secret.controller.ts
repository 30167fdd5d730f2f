// Operator route: roll a merchant's webhook signing secret (DESIGN.md 5.15), e.g. when the merchant lost it or fears
// it leaked. Recorded as the operator.
import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { RollSigningSecret } from '../../application/roll-signing-secret/roll-signing-secret.command.js';
import { OperatorRollBody, RolledSigningSecretResponse } from './webhook-endpoint.dto.js';

@ApiTags('operator')
@Controller('internal/merchants')
export class OperatorSigningSecretController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/webhook-endpoint/secreto')
  @ApiOperation({
    summary: "Roll a merchant's webhook signing secret: the new one shown once; the replaced one also signs for 24 h",
  })
  @ApiCreatedResponse({ type: RolledSigningSecretResponse })
  @ApiNotFoundResponse({ description: 'No such merchant, or it has no webhook endpoint.' })
  @ApiConflictResponse({
    description:
      'A secret replaced by the last roll still signs and forzar is not true (code previous_secret_still_signing, the message says until when); ' +
      'or the endpoint changed while rolling (webhook_endpoint_changed). Nothing rolled.',
  })
  async roll(@Param('id', new UuidOr404Pipe('Webhook endpoint')) merchantId: string, @Body() body: OperatorRollBody): Promise<RolledSigningSecretResponse> {
    const forced = body?.forzar === true;
    const { secret, previousValidUntil } = await this.commands.execute(new RollSigningSecret(merchantId, OPERATOR, undefined, !forced));
    return RolledSigningSecretResponse.of(secret, previousValidUntil);
  }
}
