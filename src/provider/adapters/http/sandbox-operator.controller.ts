// Operator route: make the sandbox provider slow or silent for a while (DESIGN.md 9c), to drive the 503 path from
// outside. It forwards to the sandbox's own control endpoint, as an operator would configure an outside sandbox.
import { Body, Controller, Get, Inject, Logger, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GatewayUnavailable } from '../../../payments/application/errors.js';
import { ProviderUnavailable, providerSilence } from '../../../payments/application/ports/provider.port.js';
import { providerRequest } from '../provider-http.js';
import { BehaviourBody } from '../sandbox/behaviour.body.js';
import type { BehaviourSettings } from '../sandbox/sandbox-behaviour.js';

@ApiTags('operator')
@Controller('internal/sandbox/comportamiento')
@ApiServiceUnavailableResponse({ description: 'The sandbox provider did not answer (code gateway_unavailable, Retry-After)' })
export class SandboxOperatorController {
  private readonly logger = new Logger('SandboxPayments');

  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Put()
  @ApiOperation({ summary: 'Set how the sandbox provider answers: delay (demoraMs), silence, for the next N requests (veces)' })
  @ApiOkResponse({ description: 'The behaviour now in force' })
  set(@Body() body: BehaviourBody): Promise<BehaviourSettings> {
    return this.control('PUT', body);
  }

  @Get()
  @ApiOperation({ summary: 'How the sandbox provider answers now' })
  get(): Promise<BehaviourSettings> {
    return this.control('GET');
  }

  private async control(method: string, body?: BehaviourBody): Promise<BehaviourSettings> {
    try {
      return await providerRequest<BehaviourSettings>(method, `${this.config.providerUrl}/control/comportamiento`, {
        secret: this.config.providerSecret,
        body,
        timeoutMs: this.config.providerTimeoutMs,
      });
    } catch (error) {
      // The sandbox down or silent is an outage the operator retries, not a failure of ours (it was a 500).
      if (!(error instanceof ProviderUnavailable)) throw error;
      this.logger.warn(providerSilence(`sandbox behaviour (${method})`, error, 'answered 503'));
      throw new GatewayUnavailable();
    }
  }
}
