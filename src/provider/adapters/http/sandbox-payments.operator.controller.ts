// Operator route for scripted tests: POST /internal/sandbox/pagos/{id}/resultado. It asks the sandbox provider to
// decide the charge's open payment; the sandbox then notifies the gateway, signed, through the same path as a
// buyer's action (never a shortcut into the charge).
import { Body, Controller, HttpCode, Inject, Logger, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Config } from '../../../kernel/config.js';
import { DomainError, NotFound } from '../../../kernel/errors.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GatewayUnavailable } from '../../../payments/application/errors.js';
import { ProviderUnavailable, providerSilence } from '../../../payments/application/ports/provider.port.js';
import { ProviderRejected, providerRequest } from '../provider-http.js';

export class SandboxResultBody {
  @ApiProperty({ enum: ['aprobado', 'fallido'] })
  @IsIn(['aprobado', 'fallido'], { message: 'resultado must be aprobado or fallido' })
  resultado!: 'aprobado' | 'fallido';
}

@ApiTags('operator')
@Controller('internal/sandbox/pagos')
export class SandboxPaymentsOperatorController {
  private readonly logger = new Logger('SandboxPayments');

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Post(':id/resultado')
  @HttpCode(202)
  @ApiOperation({ summary: "Make the sandbox provider approve or fail the charge's open payment (it notifies the gateway)" })
  @ApiAcceptedResponse({ description: 'The sandbox decided; its signed notice was sent to the gateway' })
  @ApiNotFoundResponse({ description: 'No such charge at the provider' })
  @ApiConflictResponse({ description: 'The payment was decided already (sandbox_payment_decided), or its cash voucher expired (sandbox_voucher_expired)' })
  async decide(@Param('id', new UuidOr404Pipe('Charge')) id: string, @Body() body: SandboxResultBody): Promise<{ pagoId: string; resultado: string }> {
    try {
      await providerRequest(`POST`, `${this.config.providerUrl}/api/pagos/${id}/resultado`, {
        secret: this.config.providerSecret,
        body: { resultado: body.resultado },
        timeoutMs: this.config.providerTimeoutMs,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailable) {
        this.logger.warn(providerSilence(`charge ${id}: sandbox result`, error, 'answered 503'));
        throw new GatewayUnavailable();
      }
      if (error instanceof ProviderRejected && error.status === 404) throw new NotFound('Charge');
      if (error instanceof ProviderRejected && error.status === 409) {
        if (error.body.includes('"vencido"')) throw new DomainError('conflict', 'sandbox_voucher_expired', "The charge's cash voucher is past its deadline");
        throw new DomainError('conflict', 'sandbox_payment_decided', 'The sandbox already decided this payment');
      }
      throw error;
    }
    return { pagoId: id, resultado: body.resultado };
  }
}
