// The merchant's charge endpoints: POST /v1/pagos, GET /v1/pagos, GET /v1/pagos/{id}.
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../kernel/config.js';
import { NotFound } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import type { Principal } from '../../../kernel/principal.js';
import { CurrentPrincipal, MerchantAuth, Writes } from '../../../merchants/adapters/http/auth.js';
import { CreateChargeCommand } from '../../application/create-charge/create-charge.command.js';
import { GetChargeQuery } from '../../application/get-charge/get-charge.query.js';
import { ListChargesQuery } from '../../application/list-charges/list-charges.query.js';
import { ChargePageResponse, ChargeResponse } from './charge.response.js';
import { CreateChargeBody, IdempotencyKey, toChargeRequest } from './create-charge.dto.js';
import { encodeCursor, ListChargesParams, toListRequest } from './list-charges.query.dto.js';

/** RFC 9745: montoMinor was renamed monto on 4 October 2026 (DESIGN.md 5.5). */
const MONTO_MINOR_DEPRECATION = '@1791072000';

@ApiTags('pagos')
@MerchantAuth()
@Controller('v1/pagos')
export class PagosController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post()
  @Writes()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a charge', description: 'Answers 201 with the charge in estado pendiente and its checkoutUrl.' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    description: '1-255 printable ASCII characters; one stable key per order.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  })
  // The body "Try it out" starts from: what the README's curl sends. Left to itself Swagger UI would fill in every
  // optional field, and its urlRetorno "string" and own-checkout pagador are refused.
  @ApiBody({
    type: CreateChargeBody,
    examples: {
      pedido: {
        summary: 'A charge on the hosted checkout (put your own merchantId)',
        value: { merchantId: '5fbe4d79-b32d-4cf0-a866-69b907f841e7', monto: 150000, moneda: 'COP', referencia: 'PED-1001', descripcion: 'Camiseta talla M' },
      },
    },
  })
  @ApiResponse({ status: 201, type: ChargeResponse, description: 'Created, or the existing charge of a retried Idempotency-Key (Idempotent-Replayed: true)' })
  @ApiResponse({ status: 400, description: 'Idempotency-Key missing, or a field invalid: {statusCode, message: {formErrors, fieldErrors}}' })
  @ApiResponse({
    status: 409,
    description:
      'Idempotency-Key used with another body (idempotency_key_reused); site and return page not registered ' +
      '(web_registration_missing); merchant not approved (merchant_not_approved); pagador without own checkout enabled ' +
      '(own_checkout_not_enabled)',
  })
  @ApiResponse({ status: 503, description: 'The gateway (its provider or its own storage) did not respond: retry after Retry-After with the same Idempotency-Key' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @IdempotencyKey() key: string,
    @Body() body: CreateChargeBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ChargeResponse> {
    const request = toChargeRequest(body);
    const { charge, replayed } = await this.commands.execute(new CreateChargeCommand(principal, key, request, randomUUID()));
    if (replayed) void reply.header('idempotent-replayed', 'true');
    if (body.montoMinor != null) {
      void reply.header('deprecation', MONTO_MINOR_DEPRECATION);
      void reply.header('link', `<${this.config.publicBaseUrl}/docs>; rel="deprecation"; type="text/html"`);
    }
    return ChargeResponse.of(charge, this.config.publicBaseUrl);
  }

  @Get()
  @ApiOperation({ summary: "List the merchant's charges, newest first" })
  @ApiResponse({ status: 200, type: ChargePageResponse })
  async list(@CurrentPrincipal() principal: Principal, @Query() params: ListChargesParams): Promise<ChargePageResponse> {
    const { filter, after, limit } = toListRequest(params);
    const page = await this.queries.execute(new ListChargesQuery(principal.merchantId, filter, after, limit));
    return {
      data: page.data.map((charge) => ChargeResponse.of(charge, this.config.publicBaseUrl)),
      nextCursor: page.next ? encodeCursor(page.next) : null,
    };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a charge: the source of truth when a webhook did not arrive' })
  @ApiResponse({ status: 200, type: ChargeResponse })
  @ApiResponse({ status: 404, description: 'Missing, or not this merchant\'s' })
  @ApiResponse({ status: 503, description: 'The gateway cannot read charges for a moment: retry after Retry-After' })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ChargeResponse> {
    const charge = await this.queries.execute(new GetChargeQuery(principal.merchantId, id));
    if (!charge) throw new NotFound('Charge');
    return ChargeResponse.of(charge, this.config.publicBaseUrl);
  }
}
