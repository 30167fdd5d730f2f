// Authenticates the merchant API (DESIGN.md 5.7-5.9): bearer key -> Principal on the request, then the key's rate
// limit, then its role. Order of answers: 401, 429, 403; all before the body is validated.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../../kernel/principal.js';
import { refuseUnreadableBody } from '../../../kernel/http/json-body.hooks.js';
import { AuthenticateApiKey } from '../../application/authenticate-api-key/authenticate-api-key.query.js';
import { ForbiddenRole } from '../../domain/merchant.errors.js';
import { KeyRateLimiter, RateLimited } from './rate-limit.js';

/** Metadata set by `@Writes()`. */
export const WRITES = 'pasarela:merchant-writes';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

/** The token of `Authorization: Bearer <token>`; undefined when the header is missing or of another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly queries: QueryBus,
    private readonly limiter: KeyRateLimiter,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const reply = http.getResponse<FastifyReply>();
    const principal = await this.queries.execute(new AuthenticateApiKey(bearerToken(request.headers.authorization)));

    const quota = this.limiter.take(principal.actor.id);
    void reply.header('ratelimit-limit', String(quota.limit));
    void reply.header('ratelimit-remaining', String(quota.remaining));
    void reply.header('ratelimit-reset', String(quota.resetSeconds));
    if (!quota.allowed) throw new RateLimited(quota.retryAfterSeconds);

    // Any unsafe method counts as a write even if its handler forgot `@Writes()`: a read-only key fails closed.
    const marked = this.reflector.getAllAndOverride<boolean | undefined>(WRITES, [context.getHandler(), context.getClass()]);
    if (principal.role === 'lectura' && (marked === true || !SAFE_METHODS.has(request.method))) {
      throw new ForbiddenRole();
    }
    refuseUnreadableBody(request);
    request.principal = principal;
    return true;
  }
}
