// Operator route: after WEBHOOK_SECRET_KEY was rotated (the old key as WEBHOOK_SECRET_KEY_PREVIOUS), seal every stored
// signing secret again with the new key, so the old one can be dropped.
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import { ValidationErrorResponse } from '../../../merchants/adapters/http/error.response.js';
import { ResealSigningSecrets } from '../../application/reseal-signing-secrets/reseal-signing-secrets.command.js';

class UnreadableSecretResponse {
  @ApiProperty({ format: 'uuid' })
  endpointId!: string;

  @ApiProperty({ format: 'uuid' })
  merchantId!: string;

  @ApiProperty({ enum: ['actual', 'anterior'], description: "The endpoint's signing secret, or the one a roll replaced and still kept" })
  secreto!: 'actual' | 'anterior';
}

class ResealResponse {
  @ApiProperty({ description: 'Sealed secrets sealed again with the current WEBHOOK_SECRET_KEY' })
  resellados!: number;

  @ApiProperty({
    type: [UnreadableSecretResponse],
    description: 'Secrets that opened with neither WEBHOOK_SECRET_KEY nor WEBHOOK_SECRET_KEY_PREVIOUS, left as they were',
  })
  ilegibles!: UnreadableSecretResponse[];
}

@ApiTags('operator')
@Controller('internal/webhook-secrets')
export class OperatorResealController {
  constructor(private readonly commands: CommandBus) {}

  @Post('resellado')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Seal every webhook signing secret again with the current WEBHOOK_SECRET_KEY, in one transaction (after a key rotation)',
  })
  @ApiOkResponse({ type: ResealResponse })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'A body: the re-seal takes none.' })
  async reseal(@Body(new NoBodyPipe('Re-sealing takes no body: it seals every stored secret again')) _body: undefined): Promise<ResealResponse> {
    return this.commands.execute(new ResealSigningSecrets());
  }
}
