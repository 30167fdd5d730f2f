// The sandbox provider's session API, as a processor would offer it: open a payment session for a charge,
// idempotent by the charge id. Every charge creation calls it, so it is a plain Fastify route with a JSON-schema body
// rather than a Nest controller: a processor's busiest door skips the framework's per-request layers (guards, pipes,
// class-validator), which cost about as much as the route's own work. Same answers, same errors as the other routes.
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { Batcher } from '../../../kernel/batcher.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError, FieldError } from '../../../kernel/errors.js';
import { ErrorFilter } from '../../../kernel/http/error.filter.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { prepared, runPrepared } from '../../../kernel/prepared.js';
import { providerCredentials } from './sandbox-auth.guard.js';
import { SandboxBehaviour } from './sandbox-behaviour.js';

export interface OpenSessionBody {
  chargeId: string;
  merchantId: string;
  monto: number;
  moneda: 'COP' | 'USD';
  referencia: string;
  descripcion?: string | null;
}

const OPEN_SESSION_SCHEMA = {
  type: 'object',
  required: ['chargeId', 'merchantId', 'monto', 'moneda', 'referencia'],
  additionalProperties: false,
  properties: {
    chargeId: { type: 'string', format: 'uuid' },
    merchantId: { type: 'string', format: 'uuid' },
    monto: { type: 'integer', minimum: 1 },
    moneda: { type: 'string', enum: ['COP', 'USD'] },
    referencia: { type: 'string', maxLength: 120 },
    descripcion: { type: ['string', 'null'], maxLength: 255 },
  },
} as const;

/**
 * What the schema lets through and PostgreSQL refuses (a 500 otherwise): a monto past bigint (the schema coerces
 * "1e309" to Infinity, which it counts as an integer), text with a NUL or half a surrogate pair.
 */
function refuseUnstorable(body: OpenSessionBody): void {
  if (!Number.isSafeInteger(body.monto)) throw FieldError.of('monto', 'monto must be a whole number of at most 15 digits');
  for (const field of ['referencia', 'descripcion'] as const) {
    const text = body[field];
    if (typeof text === 'string' && (text.includes('\0') || !text.isWellFormed())) {
      throw FieldError.of(field, `${field} must not contain the NUL character or an unpaired surrogate`);
    }
  }
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

@Injectable()
export class SandboxSessionsRoute implements OnModuleInit {
  /** Concurrent opens share one statement. */
  private readonly sessions = new Batcher<OpenSessionBody, string>(async (bodies) => {
    const rows = bodies.map((body, n) => ({ ...body, descripcion: body.descripcion ?? null, id: `ses_${randomBytes(12).toString('base64url')}`, n }));
    const recorded = await runPrepared<{ id: string; charge_id: string }>(this.dataSource, RECORD_SESSIONS, [JSON.stringify(rows)]);
    const ids = new Map(recorded.map((row) => [row.charge_id, row.id]));
    return bodies.map((body) => ids.get(body.chargeId.toLowerCase()) ?? new Error('sandbox session not recorded'));
  });

  private readonly errors = new ErrorFilter();
  private readonly authorized: (header: string | undefined) => boolean;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly dataSource: DataSource,
    private readonly behaviour: SandboxBehaviour,
    @Inject(CONFIG) config: Config,
  ) {
    this.authorized = providerCredentials(config.providerSecret);
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.post('/api/sesiones', { schema: { body: OPEN_SESSION_SCHEMA }, attachValidation: true }, (request, reply) =>
      this.answer(request, reply),
    );
  }

  private async answer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      if (!this.authorized(request.headers.authorization)) {
        throw new DomainError('unauthorized', 'invalid_provider_credentials', 'Invalid provider credentials');
      }
      if (request.validationError) throw request.validationError;
      const body = request.body as OpenSessionBody;
      refuseUnstorable(body);
      const sessionId = await this.open(body, reply);
      await reply.status(200).send({ sessionId });
    } catch (error) {
      const { body, headers } = this.errors.translate(error);
      await reply.status(body.statusCode).headers(headers).send(body);
    }
  }

  private async open(body: OpenSessionBody, reply: FastifyReply): Promise<string> {
    const taken = this.behaviour.take();
    // A silent processor may still have opened the session: record it first, answer (or not) after.
    const sessionId = await this.sessions.submit(body);
    await this.behaviour.hold(taken, reply.raw);
    return sessionId;
  }
}
