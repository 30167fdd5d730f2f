// Operator route: make the sandbox provider slow or silent for a while (DESIGN.md 9c), to drive the 503 path from
// outside. It forwards to the sandbox's own control endpoint, as an operator would configure an outside sandbox.
import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { providerRequest } from '../provider-http.js';
import { BehaviourBody } from '../sandbox/behaviour.body.js';
import type { BehaviourSettings } from '../sandbox/sandbox-behaviour.js';

@ApiTags('operator')
@Controller('internal/sandbox/comportamiento')
export class SandboxOperatorController {
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

  private control(method: string, body?: BehaviourBody): Promise<BehaviourSettings> {
    return providerRequest<BehaviourSettings>(method, `${this.config.providerUrl}/control/comportamiento`, {
      secret: this.config.providerSecret,
      body,
      timeoutMs: this.config.providerTimeoutMs,
    });
  }
}
