// The operator's key routes: rotate (with an optional grace period for the old key) and revoke.
import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import { RevokeApiKey } from '../../../merchants/application/revoke-api-key/revoke-api-key.command.js';
import { RotateApiKey } from '../../../merchants/application/rotate-api-key/rotate-api-key.command.js';
import { RotateApiKeyBody, RotatedApiKeyResponse } from './operator.dto.js';

@ApiTags('operator')
@Controller('internal/api-keys')
export class OperatorApiKeysController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/rotacion')
  @ApiOperation({ summary: 'Replace a key: a new key (same merchant and role); the old one stops after graciaSegundos' })
  @ApiCreatedResponse({ type: RotatedApiKeyResponse })
  @ApiNotFoundResponse({ description: 'No such key.' })
  @ApiConflictResponse({ description: 'The key is revoked or was rotated already (code api_key_not_active).' })
  async rotate(
    @Param('id', new UuidOr404Pipe('API key')) id: string,
    @Body() body: RotateApiKeyBody,
  ): Promise<RotatedApiKeyResponse> {
    const rotated = await this.commands.execute(new RotateApiKey(id, body.graciaSegundos ?? 0));
    return { id: rotated.id, key: rotated.key };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a key at once (also one in a grace period); revoking again is harmless' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such key.' })
  async revoke(
    @Param('id', new UuidOr404Pipe('API key')) id: string,
    @Body(new NoBodyPipe('Revoking takes no body: it revokes the key at once')) _body: undefined,
  ): Promise<void> {
    await this.commands.execute(new RevokeApiKey(id));
  }
}
