// Operator routes: a merchant's deliveries with their attempts, and sending one again with the same delivery id.
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { NotFound } from '../../../kernel/errors.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import { ListDeliveries } from '../../application/list-deliveries/list-deliveries.query.js';
import { ResendDelivery } from '../../application/resend-delivery/resend-delivery.command.js';
import { ValidationErrorResponse } from '../../../merchants/adapters/http/error.response.js';
import { DeliveryListResponse, DeliveryResponse, encodeDeliveryCursor, ListDeliveriesParams, toDeliveriesRequest } from './delivery.dto.js';

@ApiTags('operator')
@Controller('internal')
export class OperatorDeliveriesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get('merchants/:id/entregas')
  @ApiOperation({
    summary: "A merchant's webhook deliveries, newest first, each with its attempts (status, latency, error)",
    description:
      'Paged like GET /v1/pagos, by an opaque cursor: pass the nextCursor of a page (with the same estado and pagoId) ' +
      'to get the older ones after it; limit 1-100, default 50. pagoId finds one charge\'s notice however old.',
  })
  @ApiOkResponse({ type: DeliveryListResponse })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'estado not a delivery state, pagoId not a UUID, limit outside 1-100, or a cursor not given by a previous page.' })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  async list(
    @Param('id', new UuidOr404Pipe('Merchant')) merchantId: string,
    @Query() params: ListDeliveriesParams,
  ): Promise<DeliveryListResponse> {
    const { after } = toDeliveriesRequest(params);
    const page = await this.queries.execute(new ListDeliveries(merchantId, params.estado, Number(params.limit ?? 50), params.pagoId, after));
    if (!page) throw new NotFound('Merchant');
    return { data: page.data.map(DeliveryResponse.of), nextCursor: page.next ? encodeDeliveryCursor(page.next) : null };
  }

  @Post('entregas/:id/reenvio')
  @HttpCode(202)
  @ApiOperation({ summary: 'Send a delivery again: same delivery id and body, freshly signed, a new series of attempts' })
  @ApiAcceptedResponse({ type: DeliveryResponse, description: 'Queued: attempted at once.' })
  @ApiNotFoundResponse({ description: 'No such delivery.' })
  @ApiBadRequestResponse({ type: ValidationErrorResponse, description: 'A body: a re-send takes none.' })
  @ApiConflictResponse({ description: 'Still being attempted (code delivery_pending).' })
  async resend(
    @Param('id', new UuidOr404Pipe('Delivery')) id: string,
    @Body(new NoBodyPipe('A re-send takes no body: it sends the stored body to the endpoint registered now')) _body: undefined,
  ): Promise<DeliveryResponse> {
    return DeliveryResponse.of(await this.commands.execute(new ResendDelivery(id, OPERATOR)));
  }
}
