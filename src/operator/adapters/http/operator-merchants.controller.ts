// The operator's merchant routes: create, approve, issue an API key.
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import type { MerchantView } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { ApproveMerchant } from '../../../merchants/application/approve-merchant/approve-merchant.command.js';
import { CreateMerchant } from '../../../merchants/application/create-merchant/create-merchant.command.js';
import { IssueApiKey } from '../../../merchants/application/issue-api-key/issue-api-key.command.js';
import { DEFAULT_API_KEY_ROLE } from '../../../merchants/domain/api-key.js';
import {
  CreatedMerchantResponse,
  CreateMerchantBody,
  IssueApiKeyBody,
  IssuedApiKeyResponse,
  OperatorMerchantResponse,
} from './operator.dto.js';

@ApiTags('operator')
@Controller('internal/merchants')
export class OperatorMerchantsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({ summary: 'Create a merchant (not approved yet)' })
  @ApiCreatedResponse({ type: CreatedMerchantResponse })
  async create(@Body() body: CreateMerchantBody): Promise<CreatedMerchantResponse> {
    return this.commands.execute(new CreateMerchant(body.nombre));
  }

  @Post(':id/aprobacion')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a merchant; approving again keeps the first approval time' })
  @ApiOkResponse({ type: OperatorMerchantResponse })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  async approve(
    @Param('id', new UuidOr404Pipe('Merchant')) id: string,
    @Body(new NoBodyPipe('Approval takes no body: it approves the merchant')) _body: undefined,
  ): Promise<MerchantView> {
    return this.commands.execute(new ApproveMerchant(id));
  }

  @Post(':id/api-keys')
  @ApiOperation({ summary: "Issue an API key for the merchant; the key is in this answer only" })
  @ApiCreatedResponse({ type: IssuedApiKeyResponse })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  async issueKey(
    @Param('id', new UuidOr404Pipe('Merchant')) id: string,
    @Body() body: IssueApiKeyBody,
  ): Promise<IssuedApiKeyResponse> {
    return this.commands.execute(new IssueApiKey(id, body.rol ?? DEFAULT_API_KEY_ROLE));
  }
}
