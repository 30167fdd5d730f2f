// The auditor's replay over the operator API: start one, then follow its progress and read its comparison.
import { Body, Controller, Get, HttpCode, Param, Post, Res, type OnApplicationShutdown } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { NotFound } from '../../../kernel/errors.js';
import { ReplayJobs, type ReplayJob } from '../replay/replay-jobs.js';

export class ReplayBody {
  @ApiPropertyOptional({ type: 'integer', minimum: 10, maximum: 10_000, default: 5000, description: 'Events per batch' })
  @IsOptional()
  @IsInt({ message: 'lote must be a whole number' })
  @Min(10, { message: 'lote must be from 10 to 10000' })
  @Max(10_000, { message: 'lote must be from 10 to 10000' })
  lote?: number;
}

@ApiTags('operator')
@Controller('internal/replay')
export class ReplayController implements OnApplicationShutdown {
  constructor(private readonly jobs: ReplayJobs) {}

  @Post()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Rebuild every read model from position 0 into fresh tables and compare them with the live ones',
    description: 'Runs in the background: follow it at GET /internal/replay/{id} (Location). One at a time.',
  })
  @ApiAcceptedResponse({ description: 'Started: the job, in estado en_curso' })
  @ApiConflictResponse({ description: 'Another replay is running (code replay_in_progress)' })
  start(@Body() body: ReplayBody, @Res({ passthrough: true }) reply: FastifyReply): ReplayJob {
    const job = this.jobs.start(body.lote);
    void reply.header('location', `/internal/replay/${job.id}`);
    return job;
  }

  @Get(':id')
  @ApiOperation({ summary: "A replay's progress and, once terminada, the comparison: rows and a checksum per table" })
  @ApiOkResponse({ description: '{id, estado: en_curso|terminada|fallida, progreso, resultado, error}' })
  @ApiNotFoundResponse({ description: 'No such replay (or forgotten since: the last 20 are kept).' })
  get(@Param('id') id: string): ReplayJob {
    const job = this.jobs.get(id);
    if (!job) throw new NotFound('Replay');
    return job;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }
}
