// Operator route: rebuild the charges read model from position 0 of the event log (DESIGN.md section 2).
import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port.js';
import { rebuildCharges } from '../projections/rebuild.js';

export interface RebuildAnswer {
  proyeccion: string;
  eventos: number;
  pagos: number;
  reconstruidaPor: 'rebuild';
  duracionMs: number;
}

@ApiTags('operator')
@Controller('internal/proyecciones/pagos')
export class RebuildChargesController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Post('reconstruccion')
  @HttpCode(200)
  @ApiOperation({ summary: 'Empty the charges read model and replay every event from position 0 into it' })
  @ApiOkResponse({ description: '{proyeccion, eventos, pagos, reconstruidaPor, duracionMs}' })
  async rebuild(): Promise<RebuildAnswer> {
    const result = await rebuildCharges(this.dataSource, this.store);
    return {
      proyeccion: result.projection,
      eventos: result.events,
      pagos: result.charges,
      reconstruidaPor: result.replayedBy,
      duracionMs: result.durationMs,
    };
  }
}
