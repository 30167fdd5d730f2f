// The sandbox processor's refund and settlement report API, for the service only (bearer PROVIDER_SECRET).
import { Body, Controller, Get, HttpCode, Param, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsInt, Min } from 'class-validator';
import { isCalendarDate } from '../../../kernel/calendar-date.js';
import { DomainError } from '../../../kernel/errors.js';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxBehaviourInterceptor } from './sandbox-behaviour.js';
import { SandboxSettlement, type SandboxRefund } from './sandbox-settlement.js';

export class RefundBody {
  @IsInt() @Min(1) monto!: number;
}

@ApiExcludeController()
@Controller('api')
@UseGuards(SandboxAuthGuard)
export class SandboxSettlementApiController {
  constructor(private readonly settlement: SandboxSettlement) {}

  // Slow or silent on demand like the session calls, so the operator's refund meets a provider that refunded but whose
  // answer was lost (503, outcome unknown; the retry gets the same refund).
  @Post('sesiones/:id/reembolso')
  @UseInterceptors(SandboxBehaviourInterceptor)
  @HttpCode(200)
  refund(@Param('id') id: string, @Body() body: RefundBody): Promise<SandboxRefund> {
    return this.settlement.refund(id, body.monto);
  }

  @Get('liquidaciones/:fecha')
  async report(@Param('fecha') fecha: string): Promise<{ fecha: string; reporte: string }> {
    // A day the calendar has (Date.parse rolls 2026-02-30 over, which PostgreSQL then refuses: a 500), from 1970 on.
    if (!isCalendarDate(fecha)) {
      throw new DomainError('invalid', 'fecha_invalida', 'La fecha debe ser AAAA-MM-DD');
    }
    return { fecha, reporte: await this.settlement.report(fecha) };
  }
}
