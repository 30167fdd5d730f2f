import { timingSafeEqual } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Principal } from '../../../kernel/principal.js';
import { hashApiKey, isActive, isWellFormedApiKey } from '../../domain/api-key.js';
import { InvalidApiKey } from '../../domain/merchant.errors.js';
import { API_KEYS, type ApiKeys } from '../ports/api-keys.port.js';
import { AuthenticateApiKey } from './authenticate-api-key.query.js';

@QueryHandler(AuthenticateApiKey)
export class AuthenticateApiKeyHandler implements IQueryHandler<AuthenticateApiKey> {
  constructor(
    @Inject(API_KEYS) private readonly keys: ApiKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ presented }: AuthenticateApiKey): Promise<Principal> {
    if (presented === undefined) throw new InvalidApiKey(true);
    if (!isWellFormedApiKey(presented)) throw new InvalidApiKey();
    const hash = hashApiKey(presented);
    const stored = await this.keys.findByHash(hash);
    if (!stored || !timingSafeEqual(stored.hash, hash) || !isActive(stored, this.clock.now())) {
      throw new InvalidApiKey();
    }
    return { merchantId: stored.merchantId, role: stored.role, actor: { type: 'merchant-key', id: stored.id } };
  }
}
