// The operator sets each merchant's fees and tax profile, and keeps the dated retefuente table (DESIGN.md 5.12).
import { Body, Controller, Get, Inject, Param, Put, type PipeTransform } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { checkedWithPath, validationPipe } from '../../../kernel/http/validation.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { GetTariffQuery } from '../../application/get-tariff/get-tariff.query.js';
import { ListRetefuenteRatesQuery } from '../../application/list-retefuente-rates/list-retefuente-rates.query.js';
import { SetRetefuenteRateCommand } from '../../application/set-retefuente-rate/set-retefuente-rate.command.js';
import { retefuenteStartProblem } from '../../application/set-retefuente-rate/set-retefuente-rate.handler.js';
import { SetTariffCommand } from '../../application/set-tariff/set-tariff.command.js';
import { RetefuenteBody, RetefuenteRateResponse, TarifaBody, TarifaResponse, toTariff } from './tarifa.dto.js';
import { toPpm } from './percent.js';

@ApiTags('operator')
@Controller('internal')
export class OperatorTarifasController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.pipe = validationPipe(config, clock);
  }

  private readonly pipe: PipeTransform;

  @Get('merchants/:id/tarifa')
  @ApiOperation({ summary: "The merchant's tariff in force now (the defaults when none was set)" })
  @ApiOkResponse({ type: TarifaResponse })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  async get(@Param('id', new UuidOr404Pipe('Merchant')) id: string): Promise<TarifaResponse> {
    return TarifaResponse.of(id, await this.queries.execute(new GetTariffQuery(id)));
  }

  @Put('merchants/:id/tarifa')
  @ApiOperation({
    summary: "Set the merchant's whole tariff; a field left out takes its default",
    description: 'Applies to charges approved from now on; earlier charges keep the terms of their approval.',
  })
  @ApiOkResponse({ type: TarifaResponse })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  async put(@Param('id', new UuidOr404Pipe('Merchant')) id: string, @Body() body: TarifaBody): Promise<TarifaResponse> {
    return TarifaResponse.of(id, await this.commands.execute(new SetTariffCommand(id, toTariff(body), OPERATOR)));
  }

  @Get('retefuente')
  @ApiOperation({ summary: 'The dated table of the retefuente rate on card sales, oldest first' })
  @ApiOkResponse({ type: [RetefuenteRateResponse] })
  async rates(): Promise<RetefuenteRateResponse[]> {
    return (await this.queries.execute(new ListRetefuenteRatesQuery())).map(RetefuenteRateResponse.of);
  }

  @Put('retefuente/:vigenteDesde')
  @ApiOperation({
    summary: 'Set the retefuente rate from a date (America/Bogota) on, with the norm that sets it',
    description: "Charges approved on or after that date are settled with it, unless their merchant's tariff sets its own.",
  })
  @ApiOkResponse({ type: [RetefuenteRateResponse], description: 'The whole table afterwards' })
  @ApiBody({ type: RetefuenteBody })
  async putRate(@Param('vigenteDesde') vigenteDesde: string, @Body() sent: unknown): Promise<RetefuenteRateResponse[]> {
    // The date of the path in the same 400 as the body's problems: one round trip names them all.
    const dateProblem = retefuenteStartProblem(vigenteDesde, this.clock.now());
    const body = await checkedWithPath(this.pipe, RetefuenteBody, sent, dateProblem ? { vigenteDesde: [dateProblem] } : {});
    const rates = await this.commands.execute(
      new SetRetefuenteRateCommand({ vigenteDesde, ppm: toPpm(body.porcentaje), fuente: body.fuente }),
    );
    return rates.map(RetefuenteRateResponse.of);
  }
}
