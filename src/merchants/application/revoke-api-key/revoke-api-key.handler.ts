import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { isUuid } from '../../../kernel/uuid.js';
import { ApiKeyNotFound } from '../../domain/merchant.errors.js';
import { API_KEYS, type ApiKeys } from '../ports/api-keys.port.js';
import { RevokeApiKey } from './revoke-api-key.command.js';

@CommandHandler(RevokeApiKey)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKey> {
  constructor(
    @Inject(API_KEYS) private readonly keys: ApiKeys,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ keyId }: RevokeApiKey): Promise<void> {
    if (!isUuid(keyId) || !(await this.keys.revoke(keyId, this.clock.now()))) throw new ApiKeyNotFound();
  }
}
