// The merchant's own account: GET /v1/merchants/me, its web registration (GET and PUT) and its settings history.
import { Body, Controller, Get, HttpCode, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../../kernel/principal.js';
import { GetMerchant, type MerchantView } from '../../application/get-merchant/get-merchant.query.js';
import { ListSettingsChanges } from '../../application/list-settings-changes/list-settings-changes.query.js';
import { SetWebRegistration } from '../../application/set-web-registration/set-web-registration.command.js';
import { MerchantNotFound } from '../../domain/merchant.errors.js';
import { CurrentPrincipal, MerchantAuth, Writes } from './auth.js';
import { ValidationErrorResponse } from './error.response.js';
import { MerchantResponse, WebRegistrationBody, WebRegistrationResponse } from './merchant.dto.js';
import { encodeCursor, SettingsChangePageResponse, SettingsChangeResponse, SettingsHistoryParams, toHistoryRequest } from './settings-history.dto.js';

@ApiTags('merchants')
@MerchantAuth()
@Controller('v1/merchants/me')
export class MerchantsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Your merchant account; its id is the merchantId of every charge' })
  @ApiOkResponse({ type: MerchantResponse })
  async me(@CurrentPrincipal() principal: Principal): Promise<MerchantResponse> {
    return MerchantResponse.of(await this.merchant(principal));
  }

  @Get('registro-web')
  @ApiOperation({ summary: 'Your registered site and return page (nulls when not configured)' })
  @ApiOkResponse({ type: WebRegistrationResponse })
  async webRegistration(@CurrentPrincipal() principal: Principal): Promise<WebRegistrationResponse> {
    return WebRegistrationResponse.of((await this.merchant(principal)).registroWeb);
  }

  @Put('registro-web')
  @Writes()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Register your site and return page',
    description: 'Both https; the return page on the domain of the site or a subdomain. Each change records who and when.',
  })
  @ApiOkResponse({ type: WebRegistrationResponse, description: 'Saved.' })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'Not https, or the return page is not of the site.' })
  async setWebRegistration(
    @CurrentPrincipal() principal: Principal,
    @Body() body: WebRegistrationBody,
  ): Promise<WebRegistrationResponse> {
    const saved = await this.commands.execute(
      new SetWebRegistration(principal.merchantId, body.sitioWeb, body.urlRetorno, principal.actor),
    );
    return WebRegistrationResponse.of(saved);
  }

  @Get('cambios')
  @ApiOperation({
    summary: 'Who changed your settings and when, newest first',
    description:
      'Changes of the web registration, the webhook endpoint (its signing secret rolled included, never the secret), ' +
      'the people with portal access, and own checkout (made by the Pasarela team). Paged like GET /v1/pagos.',
  })
  @ApiOkResponse({ type: SettingsChangePageResponse })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'limit outside 1-100, or a cursor not given by a previous page.' })
  async changes(@CurrentPrincipal() principal: Principal, @Query() params: SettingsHistoryParams): Promise<SettingsChangePageResponse> {
    const { after, limit } = toHistoryRequest(params);
    const page = await this.queries.execute(new ListSettingsChanges(principal.merchantId, after, limit));
    return { data: page.data.map(SettingsChangeResponse.of), nextCursor: page.next ? encodeCursor(page.next) : null };
  }

  private async merchant(principal: Principal): Promise<MerchantView> {
    const view = await this.queries.execute(new GetMerchant(principal.merchantId));
    if (!view) throw new MerchantNotFound();
    return view;
  }
}
