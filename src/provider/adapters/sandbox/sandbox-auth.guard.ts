// The sandbox provider's API is for the service only: bearer PROVIDER_SECRET, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError } from '../../../kernel/errors.js';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

@Injectable()
export class SandboxAuthGuard implements CanActivate {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(token, this.config.providerSecret)) {
      throw new DomainError('unauthorized', 'invalid_provider_credentials', 'Invalid provider credentials');
    }
    return true;
  }
}
