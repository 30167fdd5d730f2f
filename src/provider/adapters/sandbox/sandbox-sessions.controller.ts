// The sandbox provider's session API, as a processor would offer it: open a payment session for a charge,
// idempotent by the charge id.
import { randomBytes } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Batcher } from '../../../kernel/batcher.js';
import { prepared, runPrepared } from '../../../kernel/prepared.js';
import { DomainError } from '../../../kernel/errors.js';
import { SandboxAuthGuard } from './sandbox-auth.guard.js';
import { SandboxBehaviour } from './sandbox-behaviour.js';

export class OpenSessionBody {
  @IsUUID() chargeId!: string;
  @IsUUID() merchantId!: string;
  @IsInt() @Min(1) monto!: number;
  @IsIn(['COP', 'USD']) moneda!: 'COP' | 'USD';
  @IsString() @MaxLength(120) referencia!: string;
  @IsOptional() @IsString() @MaxLength(255) descripcion!: string | null;
}

// A session per charge: opening it again (a retry after a time-out) answers the first one's id.
const RECORD_SESSIONS = prepared(`
  INSERT INTO sandbox_sessions (id, charge_id, merchant_id, monto, moneda, referencia, descripcion)
  SELECT s.id, s."chargeId", s."merchantId", s.monto, s.moneda, s.referencia, s.descripcion
    FROM jsonb_to_recordset($1::jsonb) AS s(id text, "chargeId" uuid, "merchantId" uuid, monto bigint, moneda text,
         referencia text, descripcion text, n integer)
   ORDER BY s.n
  ON CONFLICT (charge_id) DO UPDATE SET charge_id = EXCLUDED.charge_id
  RETURNING id, charge_id`);

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

@ApiExcludeController()
@Controller('api')
@UseGuards(SandboxAuthGuard)
export class SandboxSessionsController {
  /** One session per charge: opening it again answers the same id. Concurrent opens share one statement. */
  private readonly sessions = new Batcher<OpenSessionBody, string>(async (bodies) => {
    const rows = bodies.map((body, n) => ({ ...body, descripcion: body.descripcion ?? null, id: `ses_${randomBytes(12).toString('base64url')}`, n }));
    const recorded = await runPrepared<{ id: string; charge_id: string }>(this.dataSource, RECORD_SESSIONS, [JSON.stringify(rows)]);
    const ids = new Map(recorded.map((row) => [row.charge_id, row.id]));
    return bodies.map((body) => ids.get(body.chargeId.toLowerCase()) ?? new Error('sandbox session not recorded'));
  });

  constructor(
    private readonly dataSource: DataSource,
    private readonly behaviour: SandboxBehaviour,
  ) {}

  @Post('sesiones')
  @HttpCode(200)
  async open(@Body() body: OpenSessionBody, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ sessionId: string }> {
    const { demoraMs, silencio } = this.behaviour.take();
    // A silent processor may still have opened the session: record it first, answer (or not) after.
    const sessionId = await this.sessions.submit(body);
    if (demoraMs > 0 || silencio) {
      // The caller gave up (its time-out) or the server is closing: stop holding the answer.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      if (demoraMs > 0) await sleep(demoraMs, gone.signal);
      if (silencio) {
        await sleep(120_000, gone.signal);
        throw new DomainError('unavailable', 'sandbox_silent', 'The sandbox provider is set to be silent');
      }
    }
    return { sessionId };
  }
}
