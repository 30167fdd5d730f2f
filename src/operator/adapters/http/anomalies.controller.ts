// The operator's list of provider notices kept aside (a payment reported after the charge was final, ...): the
// operator settles them with the provider (no route of ours refunds a payment its charge does not hold:
// docs/decisions.md, "Anomalies"); they are never dropped.
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import { ListAnomaliesQuery } from '../../../payments/application/list-anomalies/list-anomalies.query.js';
import type { PaymentAnomaly } from '../../../payments/application/ports/payment-anomalies.port.js';

export class AnomaliesParams {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the anomalies of this charge' })
  @IsOptional()
  @IsUUID('all', { message: 'pagoId must be a UUID' })
  pagoId?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Matches(/^([1-9]\d{0,1}|[1-4]\d{2}|500)$/, { message: 'limit must be a whole number from 1 to 500' })
  limit?: string;
}

export interface AnomalyResponse {
  id: string;
  avisoId: string;
  pagoId: string | null;
  tipo: PaymentAnomaly['kind'];
  resultado: 'aprobado' | 'fallido';
  metodo: string | null;
  estadoDelPago: string | null;
  detalle: string;
  aviso: Record<string, unknown>;
  recibidaEn: string;
}

@ApiTags('operator')
@Controller('internal/anomalias')
export class AnomaliesController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Provider notices that could not be applied (contradicting a final state, unknown charge, ...)' })
  @ApiOkResponse({ description: '{data: [...]}, newest first' })
  async list(@Query() params: AnomaliesParams): Promise<{ data: AnomalyResponse[] }> {
    const anomalies = await this.queries.execute(new ListAnomaliesQuery(params.pagoId?.toLowerCase(), Number(params.limit ?? 100)));
    return {
      data: anomalies.map((a) => ({
        id: a.id,
        avisoId: a.noticeId,
        pagoId: a.chargeId,
        tipo: a.kind,
        resultado: a.outcome === 'approved' ? 'aprobado' : 'fallido',
        metodo: a.method,
        estadoDelPago: a.chargeEstado,
        detalle: a.detail,
        aviso: a.notice,
        recibidaEn: a.receivedAt,
      })),
    };
  }
}
