// The sandbox provider's API is for the service only: bearer PROVIDER_SECRET, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError } from '../../../kernel/errors.js';

// Digests of equal length, so the comparison takes the same time whatever was presented.
const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the provider secret (`Bearer <secret>`). */
export function providerCredentials(secret: string): (header: string | undefined) => boolean {
  const expected = digest(secret);
  return (header = '') => timingSafeEqual(digest(header.startsWith('Bearer ') ? header.slice(7) : ''), expected);
}

@Injectable()
export class SandboxAuthGuard implements CanActivate {
  private readonly authorized: (header: string | undefined) => boolean;

  constructor(@Inject(CONFIG) config: Config) {
    this.authorized = providerCredentials(config.providerSecret);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.authorized(context.switchToHttp().getRequest<FastifyRequest>().headers.authorization)) {
      throw new DomainError('unauthorized', 'invalid_provider_credentials', 'Invalid provider credentials');
    }
    return true;
  }
}
