// GET /v1/pagos/bancos: the PSE banks for a merchant's own form (DESIGN.md 5.13), from the provider, cached.
// A static route: Fastify's router prefers it to /v1/pagos/:id whatever the registration order.
import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MerchantAuth } from '../../../merchants/adapters/http/auth.js';
import { ListBanksQuery } from '../../application/list-banks/list-banks.query.js';

export class BancoResponse {
  @ApiProperty({ example: '1007', pattern: '^\\d{4}$', description: 'ACH code of the bank (4 digits): the pagador.banco of own checkout.' })
  codigo!: string;

  @ApiProperty({ example: 'Bancolombia' })
  nombre!: string;
}

@ApiTags('pagos')
@MerchantAuth()
@Controller('v1/pagos/bancos')
export class BancosController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'PSE banks', description: 'The banks a payer can choose for PSE, with their 4-digit ACH codes.' })
  @ApiOkResponse({ type: [BancoResponse] })
  @ApiServiceUnavailableResponse({ description: 'The list could not be obtained; retry after Retry-After (code gateway_unavailable).' })
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<BancoResponse[]> {
    const banks = await this.queries.execute(new ListBanksQuery());
    void reply.header('cache-control', 'private, max-age=300');
    return banks.map(({ codigo, nombre }) => ({ codigo, nombre }));
  }
}
