// Every route of the operator listener needs `Authorization: Bearer $OPERATOR_TOKEN` (DESIGN.md section 3).
// A merchant key, or anything else, is a 401.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../kernel/config.js';
import { DomainError } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { refuseUnreadableBody } from '../../../kernel/http/json-body.hooks.js';
import { bearerToken } from '../../../merchants/adapters/http/api-key.guard.js';

export class InvalidOperatorToken extends DomainError {
  constructor() {
    super('unauthorized', 'invalid_operator_token', 'Send the operator token as Authorization: Bearer <OPERATOR_TOKEN>');
  }
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

@Injectable()
export class OperatorTokenGuard implements CanActivate {
  /** Compared as hashes: equal lengths for timingSafeEqual, and the token's length is not leaked either. */
  private readonly expected: Buffer | null;

  constructor(@Inject(CONFIG) config: Config) {
    this.expected = config.operatorToken ? digest(config.operatorToken) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const presented = bearerToken(request.headers.authorization);
    if (!this.expected || presented === undefined || !timingSafeEqual(digest(presented), this.expected)) {
      throw new InvalidOperatorToken();
    }
    refuseUnreadableBody(request);
    return true;
  }
}
