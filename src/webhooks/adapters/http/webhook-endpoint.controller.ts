// The merchant's webhook endpoint: POST (register, the secret shown once), GET, PUT (new URL, deactivate), and
// POST /secreto (roll the signing secret, the new one shown once).
import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { Principal } from '../../../kernel/principal.js';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import { CurrentPrincipal, MerchantAuth, Writes } from '../../../merchants/adapters/http/auth.js';
import { ErrorResponse, ValidationErrorResponse } from '../../../merchants/adapters/http/error.response.js';
import { GetWebhookEndpoint } from '../../application/get-endpoint/get-endpoint.query.js';
import { RegisterWebhookEndpoint } from '../../application/register-endpoint/register-endpoint.command.js';
import { RollSigningSecret } from '../../application/roll-signing-secret/roll-signing-secret.command.js';
import { UpdateWebhookEndpoint } from '../../application/update-endpoint/update-endpoint.command.js';
import { WebhookEndpointNotFound } from '../../domain/webhook.errors.js';
import {
  RegisteredWebhookEndpointResponse,
  RegisterWebhookEndpointBody,
  RolledSigningSecretResponse,
  UpdateWebhookEndpointBody,
  WebhookEndpointResponse,
  WebhookEventDoc,
} from './webhook-endpoint.dto.js';

@ApiTags('webhooks')
@ApiExtraModels(WebhookEventDoc)
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
    description:
      'One per merchant. payment.completed and payment.failed are POSTed to it, signed with the secret of this answer ' +
      '(svc-signature: HMAC-SHA256 of `<t>.<raw body>`). The body, its headers and how to verify them: the WebhookEvent schema.',
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

  @Post('secreto')
  @Writes()
  @ApiOperation({
    summary: 'Roll the signing secret',
    description:
      'A new signing secret, shown only in this answer. For 24 hours every delivery carries two v1= in svc-signature, ' +
      'made with the new secret and with the replaced one, so your verifier accepts it whichever it holds while you ' +
      'deploy the new one. Rolling again within those 24 hours drops the secret replaced before at once.',
  })
  @ApiCreatedResponse({ type: RolledSigningSecretResponse, description: 'Rolled; the new secret is shown only here.' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'No endpoint registered.' })
  async rollSecret(
    @CurrentPrincipal() principal: Principal,
    @Body(new NoBodyPipe('Rolling the signing secret takes no body')) _body: undefined,
  ): Promise<RolledSigningSecretResponse> {
    const { secret, previousValidUntil } = await this.commands.execute(new RollSigningSecret(principal.merchantId, principal.actor));
    return RolledSigningSecretResponse.of(secret, previousValidUntil);
  }
}
