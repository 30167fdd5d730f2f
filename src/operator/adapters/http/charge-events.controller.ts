// The auditor's view of a charge: its whole event stream, in order.
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFound } from '../../../kernel/errors.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { GetChargeHistory } from '../../application/get-charge-history/get-charge-history.query.js';
import { ChargeEventsResponse } from './charge-events.dto.js';

@ApiTags('operator')
@Controller('internal/pagos')
export class ChargeEventsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/eventos')
  @ApiOperation({ summary: "A charge's full event history: type, data, metadata (actor, correlation), revision, time" })
  @ApiOkResponse({ type: ChargeEventsResponse })
  @ApiNotFoundResponse({ description: 'No such charge.' })
  async events(@Param('id', new UuidOr404Pipe('Charge')) id: string): Promise<ChargeEventsResponse> {
    const history = await this.queries.execute(new GetChargeHistory(id));
    if (!history) throw new NotFound('Charge');
    return ChargeEventsResponse.of(id, history);
  }
}
