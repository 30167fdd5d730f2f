// The merchant's webhook endpoint: POST (register, the secret shown once), GET, PUT (new URL, deactivate).
import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Principal } from '../../../kernel/principal.js';
import { CurrentPrincipal, MerchantAuth, Writes } from '../../../merchants/adapters/http/auth.js';
import { ErrorResponse, ValidationErrorResponse } from '../../../merchants/adapters/http/error.response.js';
import { GetWebhookEndpoint } from '../../application/get-endpoint/get-endpoint.query.js';
import { RegisterWebhookEndpoint } from '../../application/register-endpoint/register-endpoint.command.js';
import { UpdateWebhookEndpoint } from '../../application/update-endpoint/update-endpoint.command.js';
import { WebhookEndpointNotFound } from '../../domain/webhook.errors.js';
import {
  RegisteredWebhookEndpointResponse,
  RegisterWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookEndpointResponse,
} from './webhook-endpoint.dto.js';

@ApiTags('webhooks')
@MerchantAuth()
@Controller('v1/webhook-endpoint')
export class WebhookEndpointController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @Writes()
  @ApiOperation({
    summary: 'Register your webhook endpoint',
    description: 'One per merchant. payment.completed and payment.failed are POSTed to it, signed with the secret of this answer.',
  })
  @ApiCreatedResponse({ type: RegisteredWebhookEndpointResponse, description: 'Registered; the secret is shown only here.' })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'The URL breaks a rule (not https, not a public host, user@host, ...).' })
  @ApiConflictResponse({ type: ErrorResponse, description: 'An endpoint is registered already (code webhook_endpoint_exists).' })
  async register(
    @CurrentPrincipal() principal: Principal,
    @Body() body: RegisterWebhookEndpointBody,
  ): Promise<RegisteredWebhookEndpointResponse> {
    const { endpoint, secret } = await this.commands.execute(
      new RegisterWebhookEndpoint(principal.merchantId, body.url, principal.actor),
    );
    return RegisteredWebhookEndpointResponse.of(endpoint, secret);
  }

  @Get()
  @ApiOperation({ summary: 'Your webhook endpoint (never its secret)' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'No endpoint registered.' })
  async read(@CurrentPrincipal() principal: Principal): Promise<WebhookEndpointResponse> {
    const endpoint = await this.queries.execute(new GetWebhookEndpoint(principal.merchantId));
    if (!endpoint) throw new WebhookEndpointNotFound();
    return WebhookEndpointResponse.of(endpoint);
  }

  @Put()
  @Writes()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Change the URL or (de)activate the endpoint',
    description: 'The next attempt of every delivery goes to the new URL. While inactive, deliveries are kept as sin_endpoint, not sent.',
  })
  @ApiOkResponse({ type: WebhookEndpointResponse, description: 'Updated.' })
  @ApiBadRequestResponse({ type: ValidationErrorResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'No endpoint registered.' })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Body() body: UpdateWebhookEndpointBody,
  ): Promise<WebhookEndpointResponse> {
    const updated = await this.commands.execute(
      new UpdateWebhookEndpoint(principal.merchantId, { url: body.url, activo: body.activo }, principal.actor),
    );
    return WebhookEndpointResponse.of(updated);
  }
}
