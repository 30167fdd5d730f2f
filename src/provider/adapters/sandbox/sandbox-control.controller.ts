// The sandbox's control panel: make it slow or silent for a while (DESIGN.md 9c). Reached by the operator API.
import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxBehaviour, type BehaviourSettings } from './sandbox-behaviour.js';
import { BehaviourBody } from './behaviour.body.js';

@ApiExcludeController()
@Controller('control')
@UseGuards(SandboxAuthGuard)
export class SandboxControlController {
  constructor(private readonly behaviour: SandboxBehaviour) {}

  @Put('comportamiento')
  set(@Body() body: BehaviourBody): BehaviourSettings {
    return this.behaviour.set({ demoraMs: body.demoraMs ?? 0, silencio: body.silencio ?? false, veces: body.veces ?? null });
  }

  @Get('comportamiento')
  get(): BehaviourSettings {
    return this.behaviour.current();
  }
}
